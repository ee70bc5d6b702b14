# Padding, recording and export follow calls into another file as they
# do within one: what they find there is said at the call.
import ops
from ops import D

data Row:
    x: [D] f32

model M:
    w: [D D] = normal(0.1)

fn centred_loss(m: M, batch: Batch[Row]) -> [] f32:
    return mean(ops.centred(linear(batch.x, m.w)))

fn ranked_loss(m: M, batch: Batch[Row]) -> [] f32:
    return mean(ops.ranked(linear(batch.x, m.w)))  # fact padding:prevents-padding "`sort`"

fn step(mut m: M, mut opt: Optimizer[M], batch: Batch[Row]) -> [] f32:  # hint H3101 "prints in `ops.shout`", fact recording:unrecorded-step
    l, grads = value_and_grad(centred_loss, m, batch)
    update(m, opt, grads)
    seen = ops.shout(batch.x)  # fact recording:prevents-recording "it prints"
    return l

export fn shown(x: [b D]) -> [b D]:
    return ops.shout(x)  # error E1704 "`print` is host-only in `ops.shout` (reached from `shown`)"

fn run(data: Dataset[Row]):
    m = M.init(seed=0)
    for batch in data |> batches(3):  # fact padding:padded-loop
        log(c=centred_loss(m, batch))
    for batch in data |> batches(3):  # fact padding:unpadded-loop "`sort` in `ops._ranked` (reached through `ranked_loss`, `ops.ranked`)", hint H2001 "`sort` in `ops._ranked`"
        log(r=ranked_loss(m, batch))
