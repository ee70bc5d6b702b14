# An MLP whose first bias has the input width instead of the hidden width.
dim D = 128
dim F = 512

model Mlp:
    w1: [D F] = normal(0.02)
    b1: [D]   = zeros
    w2: [F D] = normal(0.02)
    b2: [D]   = zeros

fn mlp(m: Mlp, x: [b n D]) -> [b n D]:
    h = x @ m.w1 + m.b1 |> gelu  # error E0410 col=18 "has no axis `D`"
    return h @ m.w2 + m.b2
