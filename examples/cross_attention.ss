# Cross-attention of a decoder over a padded encoder output, as in an
# encoder-decoder transformer: the queries come from the decoder's tokens,
# keys and values from the encoder's, and a key padding mask hides the
# encoder's padded positions. Pre-norm, with a residual connection.
dim D = 64  # model width
dim H = 4  # heads
dim Dh = D / H  # head width

model CrossAttention:
    norm_w: [D] = ones
    norm_b: [D] = zeros
    q_w: [D D] = normal(0.02)
    q_b: [D] = zeros
    kv_w: [2*D D] = normal(0.02)
    kv_b: [2*D] = zeros
    out_w: [D D] = normal(0.02)
    out_b: [D] = zeros

# Attention written out: the scores of the padded keys are -inf, so softmax
# gives them no weight.
fn attend(q: [b H n Dh], k: [b H m Dh], v: [b H m Dh], keep: [b m] Mask) -> [b H n Dh]:
    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)
        |> scale(1 / sqrt(Dh))
        |> masked_fill(!keep, -inf)
        |> softmax(over=m)
    return einsum(att, v: b H n m, b H m Dh -> b H n Dh)

# x: the decoder's n tokens; memory: the encoder's m positions, of which
# `keep` marks the real ones (every example has at least one). `fused` runs
# torch's fused kernel instead, which takes the same mask.
fn cross_attention(
    a: CrossAttention,
    x: [b n D],
    memory: [b m D],
    keep: [b m] Mask,
    fused: bool = false,
) -> [b n D]:
    h = x |> layer_norm(over=D, weight=a.norm_w, bias=a.norm_b)
    q = h |> linear(a.q_w, a.q_b) |> rearrange(b n (H Dh) -> b H n Dh)
    k, v = memory |> linear(a.kv_w, a.kv_b) |> split(b m (2 H Dh) -> b H m Dh)
    if fused:
        out = scaled_dot_product_attention(q, k, v, attn_mask=keep)
    else:
        out = attend(q, k, v, keep)
    out = out |> rearrange(b H n Dh -> b n (H Dh))
    return x + linear(out, a.out_w, a.out_b)
