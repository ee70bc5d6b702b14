# Groups that bind the same axes, and masked_fill and where aligning by name.
dim V = 10

fn targets(z: [b n V] Logit over V, y: [b n] Index[V]) -> [] f32:
    return cross_entropy(z, y)

fn widened(x: [b], valid: [b C] Mask) -> [b C]:
    return masked_fill(x, !valid, 0.0)

fn key_padding(att: [b H n m], keep: [b m] Mask) -> [b H n m]:
    return masked_fill(att, !keep, -inf)

fn pick(c: [n b] Mask, a: [b n D], z: [D]) -> [b n D]:
    return where(c, a, z)

fn twice(m: [b n n] Mask, y: [b n n]) -> [b n n]:
    return where(m, y, 0.0)

fn both(a: [..s], c: [..s]) -> [..s]:
    return a + c

fn user_group(x: [b n], y: [b n]) -> [b n]:
    return both(x, y)
