# Every way of writing a step is one (server/analysis/steps.hpp): it changes
# a `mut` model or optimizer and does device work itself. Each step's facts:
# the step over the whole function (what it changes), then its evidence.
dim V = 8

model M:
    w: [V] = normal(0.1)

fn loss(m: M, x: [V]) -> [] f32:
    return sum(m.w * x)

fn by_name(mut m: M, mut opt: Optimizer[M], x: [V]) -> [] f32:  # fact steps:step "changes `m`, `opt`"
    l, grads = value_and_grad(loss, m, x)  # fact steps:device-work col=16 "value_and_grad"
    update(m, opt, grads)  # fact steps:device-work col=5 "update", fact steps:changes-state col=12 "m", fact steps:changes-state col=15 "opt"
    return l

fn nested(mut m: M, mut opt: Optimizer[M], x: [V]):  # fact steps:step "changes `m`, `opt`"
    update(m, opt, value_and_grad(loss, m, x)[1])  # fact steps:device-work "value_and_grad", fact steps:device-work "update", fact steps:changes-state "m", fact steps:changes-state "opt"

fn in_a_loop(mut m: M, mut opt: Optimizer[M], x: [V]):  # fact steps:step "changes `m`, `opt`"
    for i in 0..2:
        update(m, opt, value_and_grad(loss, m, x)[1] |> clip_norm(1.0))  # fact steps:device-work "value_and_grad", fact steps:device-work "update", fact steps:changes-state "m", fact steps:changes-state "opt"

fn in_an_if(mut m: M, mut opt: Optimizer[M], x: [V]):  # fact steps:step "changes `m`, `opt`", hint H3101 "waits for the device"
    if x[0] > 0.0:
        l, grads = value_and_grad(loss, m, x)  # fact steps:device-work "value_and_grad"
        update(m, opt, grads)  # fact steps:device-work "update", fact steps:changes-state "m", fact steps:changes-state "opt"

fn piped(mut m: M, mut opt: Optimizer[M], x: [V]):  # fact steps:step "changes `m`, `opt`"
    grads = value_and_grad(loss, m, x)[1]  # fact steps:device-work "value_and_grad"
    m |> update(opt, grads)  # fact steps:device-work col=10 "update", fact steps:changes-state col=5 "m", fact steps:changes-state col=17 "opt"

fn field(mut m: M, x: [V]):  # fact steps:step "changes `m`"
    m.w = m.w * 0.5 + x  # fact steps:device-work "changes field `w`", fact steps:changes-state "m"

fn field_in_a_loop(mut m: M, x: [V]):  # fact steps:step "changes `m`"
    for i in 0..3:
        m.w = m.w + x  # fact steps:device-work "changes field `w`", fact steps:changes-state "m"
