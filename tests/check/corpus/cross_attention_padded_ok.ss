# Decoder queries attend over a padded encoder output; padded encoder
# positions are hidden with a key padding mask.
dim D  = 256
dim H  = 8
dim Dh = D / H

model CrossAttn:
    wq: [D D]   = normal(0.02)
    wkv: [D 2*D] = normal(0.02)
    wo: [D D]   = normal(0.02)
    norm: [D]   = ones

fn heads(x: [b t D]) -> [b H t Dh]:
    return x |> rearrange(b t (H Dh) -> b H t Dh)

fn cross_attention(m: CrossAttn, dec: [b n D], enc: [b s D], enc_keep: [b s] Mask) -> [b n D]:
    q = dec |> rms_norm(over=D, weight=m.norm) |> matmul(m.wq) |> heads
    k, v = enc @ m.wkv |> split(b s (2 H Dh) -> b H s Dh)
    out = scaled_dot_product_attention(q, k, v, attn_mask=enc_keep)
    return dec + (out |> rearrange(b H n Dh -> b n (H Dh))) @ m.wo

fn manual_cross(q: [b H n Dh], k: [b H s Dh], v: [b H s Dh], keep: [b s] Mask) -> [b H n Dh]:
    scores = einsum(q, k: b H n Dh, b H s Dh -> b H n s) |> scale(1 / sqrt(Dh))
    scores = scores |> masked_fill(!keep, -inf)
    w = scores |> softmax(over=s)
    return einsum(w, v: b H n s, b H s Dh -> b H n Dh)
