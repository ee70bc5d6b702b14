# Hovers of the recording analysis (server/analysis/recording.cpp): a step's
# name says whether it is recorded as a CUDA graph, and what keeps one from
# being recorded says so.
dim F = 4
dim C = 3

data Ex:
    x: [F]
    y: Index[C]

model Lin:
    w: [F C] = normal(0.02)

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
#   ^ hover "fn loss(m: Lin, batch: Batch[Ex]) -> [] f32"
    return cross_entropy(batch.x @ m.w, batch.y)

fn train_step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:
#   ^ hover "A step, recorded as a CUDA graph on CUDA"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    return l

fn shout(x: [] f32):
    print(x)
#   ^ hover "This keeps the step `chatty`: it prints, so it isn't recorded as a CUDA graph."

fn chatty(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:
#   ^ hover "A step, not recorded as a CUDA graph: it runs operation by operation, because it prints in `shout`."
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    shout(l)
    return l

fn waiting(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):
    l, g = value_and_grad(loss, m, batch)
    if l > 1.0:
#      ^ hover "This keeps the step `waiting`: it waits for the device"
        update(m, opt, g)
