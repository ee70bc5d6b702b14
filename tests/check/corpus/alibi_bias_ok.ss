# ALiBi: a per-head linear distance penalty added to the attention scores
# instead of position embeddings, passed to attention as a float bias.
dim H  = 8
dim Dh = 64
dim T  = 256

fn slopes() -> [H]:
    return exp(arange(1, H + 1) * (-8.0 / H) * 0.6931) as [H]

fn alibi() -> [H T T]:
    i = arange(0, T) as [T] f32
    distance = einsum(i, i * 0.0 + 1.0: n, m -> n m) - einsum(i * 0.0 + 1.0, i: n, m -> n m)
    return einsum(slopes(), -abs(distance): h, n m -> h n m)

fn attend(q: [b H T Dh], k: [b H T Dh], v: [b H T Dh]) -> [b H T Dh]:
    return scaled_dot_product_attention(q, k, v, attn_mask=alibi())
