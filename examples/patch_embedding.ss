# Patch embedding of a vision transformer: a 224x224 image is cut into 14x14
# patches of 16x16 pixels, each flattened and projected to the model width,
# plus a learned position embedding per patch.
dim C = 3  # colour channels
dim P = 16  # the side of a patch
dim N = 196  # patches per image: (224 / 16) ** 2
dim D = 384  # model width

model PatchEmbed:
    proj: [(C P P) D] = normal(0.02)
    bias: [D] = zeros
    pos: [N D] = normal(0.02)

# Any image whose sides are multiples of 16: `(gh 16)` is 16*gh.
fn patches(image: [b C (gh 16) (gw 16)]) -> [b (gh gw) (C P P)]:
    return image |> rearrange(b C (gh p1) (gw p2) -> b (gh gw) (C p1 p2), p1=P, p2=P)

fn embed(m: PatchEmbed, image: [b C 224 224]) -> [b N D]:
    tokens = patches(image) @ m.proj as [b N D]
    return tokens + m.bias + m.pos
