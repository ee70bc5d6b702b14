# Multi-query attention (PaLM, Falcon): every query head shares one key
# and one value head, passed to attention with a head axis of size 1.
dim D  = 512
dim H  = 8
dim Dh = D / H

model Mqa:
    wq: [D D]  = normal(0.02)
    wk: [D Dh] = normal(0.02)
    wv: [D Dh] = normal(0.02)
    wo: [D D]  = normal(0.02)

fn mqa(m: Mqa, x: [b n D]) -> [b n D]:
    q = x @ m.wq |> rearrange(b n (H Dh) -> b H n Dh)
    k = x @ m.wk |> rearrange(b n Dh -> b 1 n Dh)
    v = x @ m.wv |> rearrange(b n Dh -> b 1 n Dh)
    o = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
    return (o |> rearrange(b H n Dh -> b n (H Dh))) @ m.wo
