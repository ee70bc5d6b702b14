# ViT patch embedding the way timm writes it: a strided convolution, then
# flatten the grid into tokens.
import python torch

dim C = 3
dim P = 16
dim D = 192
dim N = 196    # (224 / 16) ** 2

extern fn patchify(x: [b c (gh 16) (gw 16)], weight: [d c 16 16], bias: [d], stride: int = 16) -> [b d gh gw] = torch.nn.functional.conv2d

model PatchEmbed:
    proj: [D C P P] = normal(0.02)
    bias: [D]       = zeros
    pos:  [N D]     = normal(0.02)

fn tokens(m: PatchEmbed, img: [b C 224 224]) -> [b N D]:
    grid = patchify(img, m.proj, m.bias)
    x = grid |> rearrange(b d gh gw -> b (gh gw) d) as [b N D]
    return x + m.pos
