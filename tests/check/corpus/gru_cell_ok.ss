# One GRU step with the three gates computed from a fused projection.
dim I = 80
dim H = 128

model Gru:
    wx: [I 3*H] = uniform(-0.08, 0.08)
    wh: [H 3*H] = uniform(-0.08, 0.08)
    bx: [3*H]   = zeros
    bh: [3*H]   = zeros

fn gru_step(g: Gru, x: [b I], h: [b H]) -> [b H]:
    rx, zx, nx = x @ g.wx + g.bx |> split(b (3 H) -> b H)
    rh, zh, nh = h @ g.wh + g.bh |> split(b (3 H) -> b H)
    r = sigmoid(rx + rh)
    z = sigmoid(zx + zh)
    n = tanh(nx + r * nh)
    return (1.0 - z) * n + z * h

fn run(g: Gru, xs: [b t I], h0: [b H]) -> [b H]:
    h = h0
    for i in 0..t:
        h = gru_step(g, xs[t: i], h)
    return h
