# A module other fixtures here import (docs/modules.md): dims, a model, a
# data record and functions, with names private to the file.
dim D = 16
dim F = 4 * D
dim V = 32
dim _P = 3

model Block:
    w1: [F D] = normal(0.02)
    w2: [D F] = normal(0.02)

data Pair:
    ids: [8] Index[V]
    label: [] Index[V]

fn block(m: Block, x: [b n D]) -> [b n D]:
    return x + (x |> linear(m.w1) |> gelu |> linear(m.w2))

fn _twice(x: [n]) -> [n]:
    return x * 2.0
