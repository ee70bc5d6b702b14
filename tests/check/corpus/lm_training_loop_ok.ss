# Training a tiny language model on fixed-length token windows: adamw
# with torch's betas, warmup then cosine, gradient clipping, and a
# validation loss every epoch.
dim V  = 256
dim T  = 64
dim D  = 128

model TinyLm:
    embed: [V D] = normal(0.02)
    pos:   [T D] = normal(0.02)
    mix:   [D D] = normal(0.02)
    norm:  [D]   = ones

data Window:
    ids:     [T] Index[V]
    targets: [T] Index[V]

fn logits(m: TinyLm, ids: [b T] Index[V]) -> [b T V] Logit over V:
    x = embedding(ids, m.embed) + m.pos
    x = x + (x @ m.mix |> gelu)
    x = x |> rms_norm(over=D, weight=m.norm)
    return einsum(x, m.embed: b t d, v d -> b t v)

fn lm_loss(m: TinyLm, batch: Batch[Window]) -> [] f32:
    return cross_entropy(logits(m, batch.ids), batch.targets)

fn train(windows: Dataset[Window], valid: Dataset[Window], epochs: int = 3, batch_size: int = 32):
    m = TinyLm.init(seed=42)
    opt = adamw(m, lr=warmup(100, cosine(6e-4, epochs * 1000)), betas=(0.9, 0.95), weight_decay=0.1)
    for epoch in 0..epochs:
        for batch in windows |> shuffle(seed=epoch) |> batches(batch_size):
            loss, grads = value_and_grad(lm_loss, m, batch)
            update(m, opt, clip_norm(grads, 1.0))
            log(epoch=epoch, train_loss=loss)
        for batch in valid |> batches(256):
            log(epoch=epoch, valid_loss=lm_loss(m, batch))
    save("tiny_lm.safetensors", m, opt)
