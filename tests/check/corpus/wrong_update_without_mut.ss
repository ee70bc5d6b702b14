# A training step that updates a model it was not given as `mut`.
dim D = 32
dim C = 4

model Probe:
    w: [D C] = zeros

data Row:
    x: [D]
    y: Index[C]

fn loss(p: Probe, batch: Batch[Row]) -> [] f32:
    return cross_entropy(batch.x @ p.w, batch.y)

fn step(p: Probe, mut opt: Optimizer[Probe], batch: Batch[Row]) -> [] f32:
    l, g = value_and_grad(loss, p, batch)
    update(p, opt, g)  # error E0507 col=12 "`p` is not `mut`"
    return l
