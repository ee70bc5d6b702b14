# What only looks like a step is not one (server/analysis/steps.hpp): no
# function here but `s` is a step, so `s`'s facts are the only ones.
dim V = 8

model M:
    w: [V] = normal(0.1)

fn loss(m: M, x: [V]) -> [] f32:
    return sum(m.w * x)

# mut parameters that change nothing
fn unchanged(mut m: M, mut opt: Optimizer[M], x: [V]) -> [] f32:
    return loss(m, x)

# device work that changes no state passed in
fn no_change(mut m: M, x: [V]) -> [] f32:
    return value_and_grad(loss, m, x)[0]

# a change of state that isn't `mut`: a local model
fn local_model(x: [V]):
    m = M.init(seed=0)
    opt = sgd(m, lr=0.1)
    update(m, opt, value_and_grad(loss, m, x)[1])

fn s(mut m: M, mut opt: Optimizer[M], x: [V]):  # fact steps:step
    update(m, opt, value_and_grad(loss, m, x)[1])  # fact steps:device-work "value_and_grad", fact steps:device-work "update", fact steps:changes-state "m", fact steps:changes-state "opt"

# a loop that calls a step is not one itself (the README's `main`)
fn main(mut m: M, mut opt: Optimizer[M], x: [V]):
    for i in 0..3:
        s(m, opt, x)
