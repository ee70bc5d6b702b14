# The training built-ins: datasets, batches, modes, gradients, optimizers.
dim F = 4

model Net:
    w: [F] = zeros

model Other:
    v: [F] = zeros

data Row:
    x: [F]
    y: Index[3]

fn loss_of(m: Net, x: [b F]) -> [] f32:
    return mean(x * m.w)

fn per_example(m: Net, x: [b F]) -> [b]:
    return sum(x * m.w, over=G)  # error E0419 "`G`"

fn step(mut m: Net, mut opt: Optimizer[Other], x: [b F]) -> [] f32:
    l, grads = value_and_grad(loss_of, m)  # error E0502 "argument `x`"
    g2 = value_and_grad(per_example, m, x)  # error E0505 "giving a `[] f32`"
    update(m, opt, grads)  # error E0505 "Optimizer[Net]"
    return l

fn train(rows: Dataset[Row], net: Net):
    for batch in net |> batches(16):  # error E0505 "a dataset"
        print(batch)
    for batch in rows |> batches(16):
        y = batch.x @ batch.x  # error E0411
