# The recording analysis's facts (server/analysis/recording.hpp): each step
# is recorded or not; each thing that keeps one from being recorded is
# stated where it is, naming the step, however far down the calls it is.
# The first (its own body first, then the nearest callee) is the reason.
dim F = 4

model Lin:
    w: [F] = normal(0.02)

fn loss(m: Lin, x: [F]) -> [] f32:
    return sum(m.w * x)

fn recorded(mut m: Lin, mut opt: Optimizer[Lin], x: [F]):  # fact recording:recorded-step
    update(m, opt, value_and_grad(loss, m, x)[1])

fn shout(x: [] f32):
    print(x)  # fact recording:prevents-recording "the step `printing`: it prints"

fn relay(x: [] f32):
    shout(x)

fn printing(mut m: Lin, mut opt: Optimizer[Lin], x: [F]):  # fact recording:unrecorded-step "writes to a log sink", hint H3101
    l, g = value_and_grad(loss, m, x)
    update(m, opt, g)
    relay(l)
    log(loss=l)  # fact recording:prevents-recording "the step `printing`: it writes to a log sink"
