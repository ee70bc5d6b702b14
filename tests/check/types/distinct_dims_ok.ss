# Where a name isn't a different dim, sizes decide as before: an alias of a
# dim is that dim, an axis that kept a dim's name at another size is just an
# axis of its size, and a generic axis binds to any.
dim D = 64
dim F = D
dim V = 1000
dim K = 4

fn aliased(x: [b D]) -> [b F]:
    return x

fn best(logits: [b V]) -> [b K]:
    top, which = topk(logits, K, over=V)
    return top

fn generic(x: [n D]) -> [n D]:
    return x * 2.0
