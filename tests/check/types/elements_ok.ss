dim V = 100
dim C = 10

fn embed(ids: [b n] Index[V], table: [V 8]) -> [b n 8]:
    return ids |> embedding(table)

fn logits(h: [b C]) -> [b C] Logit over C:
    return h

fn probabilities(z: [b C] Logit over C) -> [b C]:
    return z |> softmax(over=C)

fn widen(i: [n] Index[V]) -> [n] i64:
    return i

fn f(ids: [b n] Index[V], t: [V 8], x: [b n 8] f16, m: [b n] Mask) -> [b n 8]:
    y = gelu(x) |> silu
    w = where(m, y, x)
    return embed(ids, t)
