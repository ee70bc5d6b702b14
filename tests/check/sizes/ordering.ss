# sort, argsort, topk and cat along a named axis.
dim V = 100
dim K = 5

fn ordering(x: [b V], y: [4 V]) -> [b K]:
    s = sort(x, over=W)             # error E0419 "`W`"
    i = argsort(x, over=V)
    top, where_ = topk(x, K, over=V)
    both = cat(x, y, over=V)        # error E0504 "along `V`"
    return top + i                  # error E0410

fn picking(x: [b V], i: [b K] Index[V], j: [b K] Index[K], w: [b K]) -> [b K]:
    g = gather(x, j, over=V)  # error E0505 "Index[V]"
    s = scatter(x, i, x, over=V)  # error E0504 "the index's shape"
    return gather(x, i, over=V)

fn counting() -> [K] i64:
    return arange(0, 6) as [K] i64  # error E0416 "6, not 5"
