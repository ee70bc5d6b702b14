# T5's relative position bias: distances between query and key positions
# clamped into buckets, looked up in a learned table per head, and added
# to the attention scores.
dim H = 8
dim K = 32       # buckets
dim T = 128
dim Dh = 64

model RelBias:
    table: [K H] = normal(0.02)

fn buckets() -> [T T] Index[K]:
    pos = arange(0, T)
    rel = repeat(pos: m -> n m, n=T) - repeat(pos: n -> n m, m=T)
    # clamp to -16..15 with masks, since where takes floats only
    clipped = rel + (rel > 15) * (15 - rel) + (rel < -16) * (-16 - rel)
    return (clipped + 16) as [T T] Index[K]

fn bias(r: RelBias) -> [H T T]:
    b = embedding(buckets(), r.table)
    return b |> rearrange(n m h -> h n m)

fn scores(r: RelBias, q: [b H T Dh], k: [b H T Dh]) -> [b H T T]:
    s = einsum(q, k: b H n d, b H m d -> b H n m)
    return s + rearrange(bias(r): H n m -> H n m)
