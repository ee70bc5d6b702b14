# Classifier-free guidance and one DDIM step.
dim D = 8

model Eps:
    w: [D D] = normal(0.1)
    c: [D] = normal(0.1)

fn eps(m: Eps, x: [b D], cond: [b]) -> [b D]:
    return tanh(x @ m.w + rearrange(cond: b -> b 1) * m.c)

fn guided(m: Eps, x: [b D], cond: [b], w: float) -> [b D]:
    e_u = eps(m, x, zeros_like(cond))
    e_c = eps(m, x, cond)
    return e_u + w * (e_c - e_u)

fn ddim_step(m: Eps, x: [b D], cond: [b], a_t: float, a_prev: float, w: float) -> [b D]:
    e = guided(m, x, cond, w)
    x0 = (x - sqrt(1.0 - a_t) * e) / sqrt(a_t)
    return sqrt(a_prev) * x0 + sqrt(1.0 - a_prev) * e
