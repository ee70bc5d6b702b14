# What an assignment may change: names, and a model's field on its own.
model M:
    w: [4] = zeros

fn targets(x: [n], mut m: M, p: [4]) -> [n]:
    1.0 = x  # error E0605 "found `1.0`"
    x[0] = 1.0  # error E0605 "found `x[0]`"
    q, m.w = p, p  # error E0605 "found `m.w`"
    m.w = p
    return x
