# A classifier trained on several workers in tests/devices: dropout, a
# weight penalty every worker computes alike, cross_entropy, a product and
# the spread (std, var) over the batch, and evaluation statistics across
# the batch (mean, a max, a logsumexp).
import python helpers

dim F = 16
dim H = 32
dim C = 4

model Net:
    w1: [F H] = normal(0.2)
    b1: [H] = zeros
    w2: [H C] = normal(0.2)
    b2: [C] = zeros

data Pair:
    x: [F]
    y: Index[C]

fn logits(m: Net, x: [b F], mode: Mode) -> [b C] Logit over C:
    h = x @ m.w1 + m.b1 |> layer_norm(over=H) |> gelu |> dropout(0.2, mode)
    return h @ m.w2 + m.b2

fn loss(m: Net, batch: Batch[Pair], mode: Mode) -> [] f32:
    z = logits(m, batch.x, mode)
    spread = 0.01 * sum(std(z, over=b)) + 0.01 * mean(var(z, over=b, correction=0))
    return cross_entropy(z, batch.y) + 0.001 * sum(m.w1 * m.w1) + 0.1 * mean(prod(1.0 + 0.01 * tanh(z), over=b)) + spread

fn train_step(mut m: Net, mut opt: Optimizer[Net], batch: Batch[Pair], mode: Mode) -> [] f32:
    l, grads = value_and_grad(loss, m, batch, mode)
    update(m, opt, grads |> clip_norm(1.0))
    return l

fn accuracy(m: Net, batch: Batch[Pair]) -> [] f32:
    return mean(argmax(logits(m, batch.x, Eval), over=C) == batch.y)

fn spread(m: Net, batch: Batch[Pair]) -> [] f32:
    z = logits(m, batch.x, Eval)
    return max(z) - min(z) + sum(logsumexp(z, over=b)) / 100.0 + sum(softmax(z, over=b) * z) / 10.0

fn main(n: int = 150, size: int = 64, epochs: int = 3, out: str = "net.safetensors"):
    train = helpers.examples(n, 0) as Dataset[Pair]
    test = helpers.examples(100, 1) as Dataset[Pair]
    m = Net.init(seed=0)
    opt = adamw(m, lr=1e-2, weight_decay=0.01)
    mode = Train(seed=3)
    for epoch in 0..epochs:
        helpers.fault(epoch)
        for batch in train |> shuffle(seed=epoch) |> batches(size):
            log(epoch=epoch, loss=train_step(m, opt, batch, mode))
        for batch in test |> batches(64):
            log(epoch=epoch, accuracy=accuracy(m, batch), spread=spread(m, batch))
        save(out, m, opt)
        print("saved epoch", epoch)

fn fit(mut m: Net, mut opt: Optimizer[Net], train: Dataset[Pair], mode: Mode):
    for batch in train |> batches(64):
        log(loss=train_step(m, opt, batch, mode))
