# A dual encoder for retrieval: mean-pooled token embeddings over the real
# tokens, normalised, in-batch negatives by a similarity matrix, and the
# loss both ways with a learned temperature.
dim V = 500
dim D = 64

model Encoder:
    table: [V D] = normal(0.02)
    proj: [D D] = normal(0.05)
    log_scale: [] = zeros

fn embed(m: Encoder, ids: [b n] Index[V], real: [b n] Mask) -> [b D]:
    tokens = embedding(ids, m.table) @ m.proj
    kept = where(real, 1.0, 0.0)
    pooled = sum(tokens * rearrange(kept: b n -> b n 1), over=n) / rearrange(sum(kept, over=n) + 1e-6: b -> b 1)
    return pooled / sqrt(sum(pooled ** 2, over=D, keepdim=true) + 1e-8)

fn loss(m: Encoder, q: [b n] Index[V], q_real: [b n] Mask, d: [b k] Index[V], d_real: [b k] Mask) -> [] f32:
    qs = embed(m, q, q_real)
    ds = rearrange(embed(m, d, d_real): c D -> c D)
    sims = einsum(qs, ds: b D, c D -> b c) * exp(m.log_scale)
    targets = arange(0, b) as [b] Index[b]
    return (cross_entropy(sims, targets) + cross_entropy(rearrange(sims: b c -> c b), targets)) / 2.0
