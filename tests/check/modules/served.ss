# The serving rules follow calls into another file: work across the
# sequence axis there keeps a function from being served, at the call.
import seq_ops
from seq_ops import D

dim V = 32

model Lm:
    embed: [V D] = normal(0.02)
    out: [V D] = normal(0.02)

export fn forward(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "`mean` works across the sequence axis `n` in `seq_ops.pooled` (reached from `forward`)"
    x = embedding(ids, m.embed)
    return linear(seq_ops.pooled(seq_ops.scaled(x)), m.out)
