# LoRA: a frozen projection plus a trainable low-rank update scaled by
# alpha / r, applied to the query and value projections of attention.
dim D  = 768
dim R  = 8        # rank
dim H  = 12
dim Dh = D / H

model LoraAttn:
    wq:  [D D] = normal(0.02)
    wv:  [D D] = normal(0.02)
    aq:  [D R] = normal(0.01)
    bq:  [R D] = zeros
    av:  [D R] = normal(0.01)
    bv:  [R D] = zeros

fn lora(x: [b n D], w: [D D], a: [D R], up: [R D], alpha: float = 16.0) -> [b n D]:
    return x @ w + (x @ a) @ up * (alpha / R)

fn attention(m: LoraAttn, x: [b n D], keep: [b n] Mask) -> [b n D]:
    q = lora(x, m.wq, m.aq, m.bq) |> rearrange(b n (H Dh) -> b H n Dh)
    v = lora(x, m.wv, m.av, m.bv) |> rearrange(b n (H Dh) -> b H n Dh)
    k = q
    o = scaled_dot_product_attention(q, k, v, attn_mask=keep)
    return o |> rearrange(b H n Dh -> b n (H Dh))
