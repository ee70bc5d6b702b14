# sort, argsort, topk and cat along a named axis.
dim V = 100
dim K = 5

fn ordering(x: [b V], y: [4 V]) -> [b K]:
    s = sort(x, over=W)             # error E0419 "`W`"
    i = argsort(x, over=V)
    top, where_ = topk(x, K, over=V)
    both = cat(x, y, over=V)        # error E0504 "along `V`"
    return top + i                  # error E0410
