# Single-head causal self-attention written out with einsum, with
# attention dropout, as in nanoGPT's manual path.
dim D = 64

model Head:
    wq: [D D] = normal(0.02)
    wk: [D D] = normal(0.02)
    wv: [D D] = normal(0.02)

fn head(h: Head, x: [b n D], mode: Mode) -> [b n D]:
    q = x @ h.wq
    k = x @ h.wk
    v = x @ h.wv
    att = einsum(q, k: b n d, b m d -> b n m) * (1.0 / sqrt(D))
    att = att |> masked_fill(!causal[n m], -inf) |> softmax(over=m)
    att = dropout(att, 0.1, mode)
    return einsum(att, v: b n m, b m d -> b n d)

fn multi_head(heads: [b n D], mix: [D D]) -> [b n D]:
    return heads @ mix
