model Mlp:
    w: [4 4] = zeros

fn project(x: [b k], w: [k m]) -> [b m]:
    return x @ w

fn grow(x: [n+1 D]) -> [n D]:
    return x[1..n+1]

fn apply(m: Mlp, x: [b 4], scale: float = 1.0) -> [b 4]:
    return x @ m.w * scale

fn f(m: Mlp, x: [b 64], v: [64 10], y: [9 4]) -> [b 10]:
    a = project(x, v)
    c = project(x, w=v)
    d = x |> project(v)
    e = apply(m, y, scale=2.0)
    g = grow(y)
    return a + c + d
