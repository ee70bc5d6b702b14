# Linear regression trained with SGD and momentum: the smallest training
# loop, with a held-out evaluation of the mean squared error.
dim F = 13

model Linear:
    w: [F] = zeros
    b: []  = zeros

data House:
    features: [F]
    price:    []

fn predict(m: Linear, x: [b F]) -> [b]:
    return sum(x * m.w, over=F) + m.b

fn mse(m: Linear, batch: Batch[House]) -> [] f32:
    err = predict(m, batch.features) - batch.price
    return mean(err * err)

fn train(data: Dataset[House], held_out: Dataset[House], steps: int = 100):
    m = Linear.init(seed=0)
    opt = sgd(m, lr=1e-2, momentum=0.9)
    for epoch in 0..steps:
        for batch in data |> shuffle(seed=epoch) |> batches(16):
            l, g = value_and_grad(mse, m, batch)
            update(m, opt, g)
    for batch in held_out |> batches(128):
        print(mse(m, batch))
