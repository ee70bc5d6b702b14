# Fine-tuning a linear probe on frozen ViT features with label smoothing
# written out, adamw, and accuracy on a held-out split.
dim D = 768
dim C = 100

model Probe:
    w: [D C] = zeros
    b: [C]   = zeros

data Feature:
    x: [D]
    y: Index[C]

fn probe_logits(p: Probe, x: [b D]) -> [b C] Logit over C:
    return layer_norm(x, over=D) @ p.w + p.b

fn smoothed_ce(p: Probe, batch: Batch[Feature]) -> [] f32:
    z = probe_logits(p, batch.x)
    uniform_loss = -mean(log_softmax(z, over=C))
    return 0.9 * cross_entropy(z, batch.y) + 0.1 * uniform_loss

fn accuracy(p: Probe, batch: Batch[Feature]) -> [] f32:
    return mean(argmax(probe_logits(p, batch.x), over=C) == batch.y)

fn fit(train: Dataset[Feature], test: Dataset[Feature]):
    p = Probe.init(seed=0)
    opt = adamw(p, lr=1e-3)
    for epoch in 0..10:
        for batch in train |> shuffle(seed=epoch) |> batches(256):
            l, g = value_and_grad(smoothed_ce, p, batch)
            update(p, opt, g)
        for batch in test |> batches(1024):
            log(epoch=epoch, accuracy=accuracy(p, batch))
