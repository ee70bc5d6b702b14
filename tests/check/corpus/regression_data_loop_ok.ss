# Tabular regression with an MLP: standardised features from a dataset,
# a Huber-like objective, SGD with Nesterov momentum, and early logging.
dim F = 8
dim H = 64

model Regressor:
    w1: [F H] = normal(0.1)
    b1: [H]   = zeros
    w2: [H]   = normal(0.1)
    b2: []    = zeros

data Row:
    x: [F]
    y: []

fn predict(m: Regressor, x: [b F], mu: [F], sigma: [F]) -> [b]:
    z = (x - mu) / sigma
    h = relu(z @ m.w1 + m.b1)
    return h @ m.w2 + m.b2

fn objective(m: Regressor, batch: Batch[Row], mu: [F], sigma: [F]) -> [] f32:
    err = predict(m, batch.x, mu, sigma) - batch.y
    return mean(where(abs(err) < 1.0, 0.5 * err * err, abs(err) - 0.5))

fn train(rows: Dataset[Row], mu: [F], sigma: [F], epochs: int = 50):
    m = Regressor.init(seed=7)
    opt = sgd(m, lr=0.01, momentum=0.9, nesterov=true)
    for epoch in 0..epochs:
        first = true
        for batch in rows |> shuffle(seed=epoch) |> batches(64):
            l, g = value_and_grad(objective, m, batch, mu, sigma)
            update(m, opt, g)
            if first:
                log(epoch=epoch, loss=l)
            first = false
