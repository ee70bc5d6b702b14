# Where a name isn't a different dim, sizes decide as before: an alias of a
# dim is that dim, an axis that kept a dim's name at another size is just an
# axis of its size, a generic axis binds to any, and an axis without a name
# (a group, a literal) aligns by place with a named one of its size.
dim D = 64
dim F = D
dim V = 1000
dim K = 4
dim S = 16
dim C = 5

fn aliased(x: [b D]) -> [b F]:
    return x

fn best(logits: [b V]) -> [b K]:
    top, which = topk(logits, K, over=V)
    return top

fn generic(x: [n D]) -> [n D]:
    return x * 2.0

fn up(y: [b h w]) -> [b (h 2) (w 2)]:
    return y |> repeat(b h w -> b (h 2) (w 2))

fn skip(x: [b S S], y: [b 8 8]) -> [b S S]:
    return x + up(y)

fn renamed_once(x: [n D], w: [D C]) -> [n C]:
    return einsum(x, w: n d, d o -> n o)

fn same_generic(x: [n], y: [n]) -> [n]:
    return x + y

fn one_dim_twice(x: [D], y: [D]) -> [D]:
    return same_generic(x, y)

fn looked_up(i: [b] Index[D], table: [D C]) -> [b C]:
    return embedding(i, table)
