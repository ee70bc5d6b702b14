# A two-layer MLP on flattened images with the full training loop: shuffled
# batches, adamw with a cosine schedule, an eval pass and a checkpoint.
import python shapescript.datasets

dim P = 64
dim H = 256
dim C = 10

model Net:
    w1: [P H] = normal(0.05)
    b1: [H]   = zeros
    w2: [H C] = normal(0.05)
    b2: [C]   = zeros

data Example:
    x: [P]
    y: Index[C]

fn forward(m: Net, x: [b P], mode: Mode) -> [b C] Logit over C:
    h = relu(x @ m.w1 + m.b1) |> dropout(0.2, mode)
    return h @ m.w2 + m.b2

fn objective(m: Net, batch: Batch[Example], mode: Mode) -> [] f32:
    return cross_entropy(forward(m, batch.x, mode), batch.y)

fn correct(m: Net, batch: Batch[Example]) -> [] f32:
    pred = forward(m, batch.x, Eval) |> argmax(over=C)
    return mean(pred == batch.y)

fn fit(train: Dataset[Example], test: Dataset[Example], epochs: int = 5):
    m = Net.init(seed=1)
    opt = adamw(m, lr=cosine(1e-3, epochs * 10), weight_decay=0.05)
    mode = Train(seed=1)
    for epoch in 0..epochs:
        for batch in train |> shuffle(seed=epoch) |> batches(32):
            l, g = value_and_grad(objective, m, batch, mode)
            update(m, opt, g |> clip_norm(1.0))
            log(loss=l)
        for batch in test |> batches(256):
            log(epoch=epoch, acc=correct(m, batch))
    save("net.safetensors", m)
