# A RealNVP affine coupling layer: one half of the features sets the
# scale and shift of the other, the log-determinant is the scales' sum;
# the inverse undoes it exactly.
dim D = 8        # half the features
dim H = 64

model Coupling:
    w1: [D H] = normal(0.05)
    w_s: [H D] = zeros
    w_t: [H D] = zeros

fn forward(m: Coupling, x: [b (2 D)]) -> ([b (2 D)], [b]):
    a, z = x |> split(b (2 D) -> b D)
    h = relu(a @ m.w1)
    s = tanh(h @ m.w_s)
    y = z * exp(s) + h @ m.w_t
    return cat(a, y, over=D) as [b (2 D)], sum(s, over=D)

fn inverse(m: Coupling, y: [b (2 D)]) -> [b (2 D)]:
    a, w = y |> split(b (2 D) -> b D)
    h = relu(a @ m.w1)
    z = (w - h @ m.w_t) * exp(-tanh(h @ m.w_s))
    return cat(a, z, over=D) as [b (2 D)]
