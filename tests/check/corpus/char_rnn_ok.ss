# A character-level Elman RNN unrolled over time in a loop, with a
# next-character loss on the hidden state at every step.
dim V = 96
dim E = 64
dim H = 256

model CharRnn:
    embed: [V E] = normal(0.1)
    wx:    [E H] = normal(0.05)
    wh:    [H H] = normal(0.05)
    bh:    [H]   = zeros
    wy:    [H V] = normal(0.05)

fn cell(m: CharRnn, x: [b E], h: [b H]) -> [b H]:
    return tanh(x @ m.wx + h @ m.wh + m.bh)

fn sequence_loss(m: CharRnn, chars: [b n] Index[V], next: [b n] Index[V], h0: [b H]) -> [] f32:
    xs = embedding(chars, m.embed)
    h = h0
    total = 0.0
    for t in 0..n:
        h = cell(m, xs[n: t], h)
        total = total + cross_entropy(h @ m.wy, next[n: t])
    return total / n
