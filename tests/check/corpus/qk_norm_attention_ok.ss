# Attention with QK-norm: queries and keys RMS-normalised per head over the
# head width, as in recent vision and language models.
dim D  = 384
dim H  = 6
dim Dh = D / H

model QkAttn:
    wq: [D D] = normal(0.02)
    wk: [D D] = normal(0.02)
    wv: [D D] = normal(0.02)
    q_norm: [Dh] = ones
    k_norm: [Dh] = ones
    wo: [D D] = normal(0.02)

fn heads(x: [b n D]) -> [b H n Dh]:
    return x |> rearrange(b n (H Dh) -> b H n Dh)

fn qk_norm_attention(m: QkAttn, x: [b n D]) -> [b n D]:
    q = heads(x @ m.wq) |> rms_norm(over=Dh, weight=m.q_norm)
    k = heads(x @ m.wk) |> rms_norm(over=Dh, weight=m.k_norm)
    v = heads(x @ m.wv)
    o = scaled_dot_product_attention(q, k, v)
    return (o |> rearrange(b H n Dh -> b n (H Dh))) @ m.wo
