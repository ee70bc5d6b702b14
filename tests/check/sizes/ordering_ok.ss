dim V = 100
dim K = 5

fn ordering(x: [b V], y: [b V]) -> [b K]:
    s = sort(x, over=V) + x
    i = argsort(x, over=V)
    top, positions = topk(x, K, over=V)
    both = cat(x, y, over=b)
    return top

fn picking(x: [b V], i: [b K] Index[V], w: [b K]) -> [b K]:
    s = scatter(x, i, w, over=V) + x
    return gather(x, i, over=V)

fn counting() -> [K] i64:
    return arange(0, 10, 2)
