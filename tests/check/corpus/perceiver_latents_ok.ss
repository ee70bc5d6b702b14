# Perceiver-style resampler: a fixed set of learned latents, broadcast to
# the batch, cross-attends to a variable-length input.
dim L  = 64       # latents
dim D  = 256
dim H  = 8
dim Dh = D / H

model Resampler:
    latents: [L D] = normal(0.02)
    wq: [D D]   = normal(0.02)
    wk: [D D]   = normal(0.02)
    wv: [D D]   = normal(0.02)
    wo: [D D]   = normal(0.02)
    norm_x: [D] = ones
    norm_l: [D] = ones

fn split_heads(x: [b t D]) -> [b H t Dh]:
    return rearrange(x: b t (H Dh) -> b H t Dh)

fn resample(m: Resampler, x: [b n D]) -> [b L D]:
    lat = m.latents |> repeat(L D -> b L D)
    xn = x |> rms_norm(over=D, weight=m.norm_x)
    ln = lat |> rms_norm(over=D, weight=m.norm_l)
    q = ln @ m.wq |> split_heads
    k = xn @ m.wk |> split_heads
    v = xn @ m.wv |> split_heads
    o = scaled_dot_product_attention(q, k, v)
    return lat + rearrange(o: b H L Dh -> b L (H Dh)) @ m.wo
