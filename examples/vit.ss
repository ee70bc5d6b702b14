# A vision transformer classifier (Dosovitskiy et al., 2020), small: 32x32
# images cut into 8x8 patches, a learned class token put before them, learned
# position embeddings, pre-norm encoder blocks, and a head on the class
# token's output.
dim C = 3  # colour channels
dim S = 32  # the side of an image
dim Pz = 8  # the side of a patch
dim N = (S / Pz) * (S / Pz)  # patches per image
dim T = N + 1  # tokens: the class token, then the patches
dim D = 64  # model width
dim L = 2  # layers
dim H = 4  # heads
dim Dh = D / H  # head width
dim F = 4 * D  # feed-forward width
dim K = 10  # classes

model Vit:
    patch_w: [D (C Pz Pz)] = normal(0.02)
    patch_b: [D] = zeros
    cls: [D] = zeros
    pos: [T D] = normal(0.02)
    ln1_w: [L D] = ones
    ln1_b: [L D] = zeros
    qkv_w: [L 3*D D] = normal(0.02)
    qkv_b: [L 3*D] = zeros
    proj_w: [L D D] = normal(0.02)
    proj_b: [L D] = zeros
    ln2_w: [L D] = ones
    ln2_b: [L D] = zeros
    fc_w: [L F D] = normal(0.02)
    fc_b: [L F] = zeros
    out_w: [L D F] = normal(0.02)
    out_b: [L D] = zeros
    norm_w: [D] = ones
    norm_b: [D] = zeros
    head_w: [K D] = normal(0.02)
    head_b: [K] = zeros

fn encoder_block(m: Vit, x: [b T D], l: int) -> [b T D]:
    h = x |> layer_norm(over=D, weight=m.ln1_w[l], bias=m.ln1_b[l])
    q, k, v = h |> linear(m.qkv_w[l], m.qkv_b[l])
        |> split(b T (3 H Dh) -> b H T Dh)
    att = scaled_dot_product_attention(q, k, v)
        |> rearrange(b H T Dh -> b T (H Dh))
    x = x + linear(att, m.proj_w[l], m.proj_b[l])
    h = x |> layer_norm(over=D, weight=m.ln2_w[l], bias=m.ln2_b[l])
    h = h |> linear(m.fc_w[l], m.fc_b[l]) |> gelu
    return x + linear(h, m.out_w[l], m.out_b[l])

export fn classify(m: Vit, image: [b C S S]) -> [b K] Logit over K:
    patches = image
        |> rearrange(b C (gh p1) (gw p2) -> b (gh gw) (C p1 p2), p1=Pz, p2=Pz)
    tokens = patches |> linear(m.patch_w, m.patch_b)
    cls = m.cls |> repeat(D -> b t D, t=1)
    x = cat(cls, tokens, over=t) as [b T D]
    x = x + m.pos
    for l in 0..L:
        x = encoder_block(m, x, l)
    x = x |> layer_norm(over=D, weight=m.norm_w, bias=m.norm_b)
    return x[T: 0] |> linear(m.head_w, m.head_b)
