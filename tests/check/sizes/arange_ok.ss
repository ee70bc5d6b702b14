# arange as torch users write it.
dim D = 8

fn down() -> [D] i64:
    return arange(D, 0, -1)

fn evens() -> [D/2] i64:
    return arange(0, D, 2)

fn frequencies() -> [D/2]:
    return exp(arange(0, D, 2) * (-9.21 / D))

fn positions(x: [n D]) -> [n] i64:
    return arange(0, n, 1)
