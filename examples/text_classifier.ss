# A text classifier over padded sentences: each example is up to T tokens,
# padded, with a Mask of the real ones. The tokens are embedded, passed
# through a feed-forward layer, and averaged over the real positions only.
dim V = 1000  # vocabulary
dim T = 24  # longest sentence; shorter ones are padded
dim D = 64  # embedding width
dim F = 128  # feed-forward width
dim K = 4  # classes

model TextClassifier:
    embed: [V D] = normal(0.02)
    ff_w: [F D] = normal(0.02)
    ff_b: [F] = zeros
    head_w: [K F] = normal(0.02)
    head_b: [K] = zeros

data Sentence:
    tokens: [T] Index[V]
    mask: [T] Mask  # true at the real tokens, false at the padding
    label: Index[K]

# The mean over the real positions of each example (each has at least one).
fn masked_mean(x: [b T F], mask: [b T] Mask) -> [b F]:
    total = x |> masked_fill(!mask, 0.0) |> sum(over=T)
    count = sum(mask, over=T)
    return total / count

fn logits(m: TextClassifier, tokens: [b T] Index[V], mask: [b T] Mask) -> [b K] Logit over K:
    h = embedding(tokens, m.embed) |> linear(m.ff_w, m.ff_b) |> relu
    return masked_mean(h, mask) |> linear(m.head_w, m.head_b)

fn loss(m: TextClassifier, batch: Batch[Sentence]) -> [] f32:
    return cross_entropy(logits(m, batch.tokens, batch.mask), batch.label)

fn train_step(mut m: TextClassifier, mut opt: Optimizer[TextClassifier], batch: Batch[Sentence]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch)
    update(m, opt, grads)
    return l

fn train(data: Dataset[Sentence], epochs: int = 3) -> TextClassifier:
    m = TextClassifier.init(seed=0)
    opt = adamw(m, lr=1e-3)
    for epoch in 0..epochs:
        for batch in data |> shuffle(seed=epoch) |> batches(32):
            log(epoch=epoch, loss=train_step(m, opt, batch))
    return m
