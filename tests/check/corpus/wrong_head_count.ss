# 100 features can't be cut into 12 heads.
dim D  = 100
dim H  = 12
dim Dh = D / H  # error E0401 col=10 "100 is not a multiple of 12"

model Attn:
    wq: [D D] = normal(0.02)

fn scores(m: Attn, x: [b n D]) -> [b n n]:
    q = x @ m.wq
    return einsum(q, x: b n d, b m d -> b n m) |> scale(1 / sqrt(Dh))
