# Attention pooling over a padded sequence: a learned query scores every
# position, padding gets -inf, and the softmax weights average the values.
dim D = 128

model AttnPool:
    query: [D] = normal(0.02)
    proj:  [D D] = normal(0.02)

fn pool(m: AttnPool, x: [b n D], keep: [b n] Mask) -> [b D]:
    keys = x @ m.proj |> tanh
    scores = einsum(keys, m.query: b n d, d -> b n)
    weights = scores |> masked_fill(!keep, -inf) |> softmax(over=n)
    return einsum(weights, x: b n, b n d -> b d)

fn masked_mean(x: [b n D], keep: [b n] Mask) -> [b D]:
    total = where(keep, x, 0.0) |> sum(over=n)
    return total / (mean(keep, over=n) * n)
