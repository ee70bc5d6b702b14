# Sentiment over padded token sequences: embed, one feed-forward layer,
# mean over the real tokens only, a linear head.
dim V = 5000
dim L = 64        # padded length
dim D = 96
dim K = 2

model TextCls:
    embed: [V D] = normal(0.02)
    w:     [D D] = normal(0.05)
    b:     [D]   = zeros
    head:  [D K] = normal(0.05)

data Review:
    tokens: [L] Index[V]
    keep:   [L] Mask
    label:  Index[K]

fn pooled(m: TextCls, ids: [b L] Index[V], keep: [b L] Mask) -> [b D]:
    h = embedding(ids, m.embed) @ m.w + m.b |> relu
    h = h |> masked_fill(!keep, 0.0)
    total = h |> sum(over=L)
    count = sum(keep, over=L) as [b] f32
    return total / count

fn logits(m: TextCls, ids: [b L] Index[V], keep: [b L] Mask) -> [b K] Logit over K:
    return pooled(m, ids, keep) @ m.head

fn loss(m: TextCls, batch: Batch[Review]) -> [] f32:
    return cross_entropy(logits(m, batch.tokens, batch.keep), batch.label)

fn step(mut m: TextCls, mut opt: Optimizer[TextCls], batch: Batch[Review]) -> [] f32:
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    return l
