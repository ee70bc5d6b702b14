# Tuples destructure.
dim D = 4

model M:
    w: [D D] = normal(0.02)

fn pair(x: [n D]) -> ([n D], [n]):
    return x, sum(x, over=D)

fn loss(m: M, x: [n D]) -> [] f32:
    return mean(x @ m.w)

fn use(m: M, x: [n D]) -> [n]:
    y, s = pair(x)
    l, grads = value_and_grad(loss, m, x)
    return s * l
