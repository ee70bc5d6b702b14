# One decoding step with a key/value cache: the new position's key and
# value are appended to the cache along the sequence axis.
dim D  = 256
dim H  = 4
dim Dh = D / H

model Attn:
    wqkv: [D 3*D] = normal(0.02)
    wo:   [D D]   = normal(0.02)

fn decode_step(m: Attn, x: [b 1 D], past_k: [b H s Dh], past_v: [b H s Dh]) -> ([b 1 D], [b H s+1 Dh], [b H s+1 Dh]):
    q, k, v = x @ m.wqkv |> split(b one (3 H Dh) -> b H one Dh)
    keys = cat(past_k, k, over=s)
    values = cat(past_v, v, over=s)
    att = einsum(q, keys: b H one Dh, b H s Dh -> b H one s) |> scale(1 / sqrt(Dh)) |> softmax(over=s)
    o = einsum(att, values: b H one s, b H s Dh -> b one H Dh)
    return rearrange(o: b one H Dh -> b one (H Dh)) @ m.wo, keys, values
