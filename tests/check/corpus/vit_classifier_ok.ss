# A ViT classifier: patches of a 32x32 image, a class token, learned
# positions, one encoder block, the class token read out.
dim C  = 3
dim P  = 4          # patch side
dim G  = 8          # patches per side: 32 / 4
dim N  = G * G
dim T  = N + 1      # the class token, then the patches
dim D  = 128
dim H  = 4
dim Dh = D / H
dim K  = 10

model Vit:
    patch_w: [(C P P) D] = normal(0.02)
    patch_b: [D]         = zeros
    cls:     [D]         = zeros
    pos:     [T D]     = normal(0.02)
    ln1:     [D]         = ones
    wqkv:    [D 3*D]     = normal(0.02)
    wo:      [D D]       = normal(0.02)
    ln2:     [D]         = ones
    w1:      [D 4*D]     = normal(0.02)
    w2:      [4*D D]     = normal(0.02)
    head:    [D K]       = normal(0.02)

fn embed(m: Vit, img: [b C 32 32]) -> [b T D]:
    patches = img |> rearrange(b c (gh p1) (gw p2) -> b (gh gw) (c p1 p2), p1=P, p2=P)
    tokens = patches @ m.patch_w + m.patch_b as [b N D]
    cls = m.cls |> repeat(D -> b 1 D)
    # the tokens' axis N, one longer with the class token in front
    x = cat(cls, tokens, over=N) as [b T D]
    return x + m.pos

fn encoder(m: Vit, x: [b t D]) -> [b t D]:
    h = x |> layer_norm(over=D, weight=m.ln1)
    q, k, v = h @ m.wqkv |> split(b t (3 H Dh) -> b H t Dh)
    a = scaled_dot_product_attention(q, k, v) |> rearrange(b H t Dh -> b t (H Dh))
    x = x + a @ m.wo
    h = x |> layer_norm(over=D, weight=m.ln2)
    return x + (h @ m.w1 |> gelu) @ m.w2

fn classify(m: Vit, img: [b C 32 32]) -> [b K] Logit over K:
    x = encoder(m, embed(m, img))
    return x[T: 0] @ m.head
