# A small Llama-style language model: RMSNorm, rotary position embeddings,
# grouped-query attention and a SwiGLU feed-forward layer. Its forward
# function has the form serving engines need (see docs/export).
dim V = 512  # vocabulary
dim D = 256  # model width
dim L = 4  # layers
dim H = 8  # query heads
dim Hkv = 2  # key and value heads
dim R = H / Hkv  # query heads per key/value head
dim Dh = D / H  # head width
dim F = 688  # feed-forward width
dim P = 2048  # longest position

model Llama:
    embed: [V D] = normal(0.02)
    attn_norm: [L D] = ones
    wq: [L (H Dh) D] = normal(0.02)
    wk: [L (Hkv Dh) D] = normal(0.02)
    wv: [L (Hkv Dh) D] = normal(0.02)
    wo: [L D (H Dh)] = normal(0.02)
    ffn_norm: [L D] = ones
    w_gate: [L F D] = normal(0.02)
    w_up: [L F D] = normal(0.02)
    w_down: [L D F] = normal(0.02)
    norm: [D] = ones
    output: [V D] = normal(0.02)

fn rotary(x: [b h n Dh], pos: [b n] Index[P]) -> [b h n Dh]:
    inv = exp(arange(0, Dh, 2) as [Dh/2] * (-log(10000.0) / Dh))
    angle = einsum(pos as [b n] f32, inv: b n, half -> b n half)
    # `as` names the merged axis Dh, so it aligns with x's by name.
    cos_a = cos(angle) |> repeat(b n half -> b n (half 2)) as [b n Dh]
    sin_a = sin(angle) |> repeat(b n half -> b n (half 2)) as [b n Dh]
    pairs = x |> rearrange(b h n (half two) -> b h n half two, two=2)
    turned = cat(-pairs[two: 1..2], pairs[two: 0..1], over=two)
        |> rearrange(b h n half two -> b h n (half two)) as [b h n Dh]
    return x * cos_a + turned * sin_a

fn block(m: Llama, x: [b n D], pos: [b n] Index[P], l: int) -> [b n D]:
    h = x |> rms_norm(over=D, weight=m.attn_norm[l], eps=1e-5)
    q = h |> linear(m.wq[l]) |> rearrange(b n (H Dh) -> b H n Dh) |> rotary(pos)
    k = h |> linear(m.wk[l]) |> rearrange(b n (Hkv Dh) -> b Hkv n Dh) |> rotary(pos)
    v = h |> linear(m.wv[l]) |> rearrange(b n (Hkv Dh) -> b Hkv n Dh)
    k = k |> repeat(b Hkv n Dh -> b (Hkv R) n Dh)
    v = v |> repeat(b Hkv n Dh -> b (Hkv R) n Dh)
    att = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
        |> rearrange(b H n Dh -> b n (H Dh))
    x = x + linear(att, m.wo[l])
    h = x |> rms_norm(over=D, weight=m.ffn_norm[l], eps=1e-5)
    return x + linear(silu(linear(h, m.w_gate[l])) * linear(h, m.w_up[l]), m.w_down[l])

export fn forward(m: Llama, ids: [b n] Index[V], pos: [b n] Index[P]) -> [b n V] Logit over V:
    x = embedding(ids, m.embed)
    for l in 0..L:
        x = block(m, x, pos, l)
    return x |> rms_norm(over=D, weight=m.norm, eps=1e-5) |> linear(m.output)
