# The README's training example: an MLP with dropout trained on the 8x8
# scikit-learn digits (shipped inside scikit-learn, no network needed).
import python shapescript.datasets

dim P = 64  # the 8x8 pixels of a digit, flattened
dim H = 128
dim C = 10

model Mlp:
    w1: [P H] = normal(0.05)
    b1: [H] = zeros
    w2: [H C] = normal(0.05)
    b2: [C] = zeros

data Digit:
    image: [P]
    label: Index[C]

fn logits(m: Mlp, x: [b P], mode: Mode) -> [b C] Logit over C:
    h = x @ m.w1 + m.b1 |> gelu |> dropout(0.1, mode)
    return h @ m.w2 + m.b2

fn loss(m: Mlp, batch: Batch[Digit], mode: Mode) -> [] f32:
    return cross_entropy(logits(m, batch.image, mode), batch.label)

fn train_step(mut m: Mlp, mut opt: Optimizer[Mlp], batch: Batch[Digit], mode: Mode) -> [] f32:
    l, grads = value_and_grad(loss, m, batch, mode)
    update(m, opt, grads |> clip_norm(1.0))
    return l

fn accuracy(m: Mlp, batch: Batch[Digit]) -> [] f32:
    return mean(argmax(logits(m, batch.image, Eval), over=C) == batch.label)

fn main(epochs: int = 20):
    train, test = shapescript.datasets.digits() as (Dataset[Digit], Dataset[Digit])
    m = Mlp.init(seed=0)
    opt = adamw(m, lr=warmup(50, cosine(3e-3, epochs * 23)), weight_decay=0.01)
    mode = Train(seed=0)
    for epoch in 0..epochs:
        for batch in train |> shuffle(seed=epoch) |> batches(64):
            log(epoch=epoch, loss=train_step(m, opt, batch, mode))
        for batch in test |> batches(512):
            log(epoch=epoch, test_accuracy=accuracy(m, batch))
    save("digits.safetensors", m, opt)
    # The checkpoint, loaded back, gives the same test accuracy.
    trained = load("digits.safetensors") as Mlp
    for batch in test |> batches(512):
        log(final_test_accuracy=accuracy(trained, batch))
