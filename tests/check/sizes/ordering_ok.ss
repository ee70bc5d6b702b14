dim V = 100
dim K = 5

fn ordering(x: [b V], y: [b V]) -> [b K]:
    s = sort(x, over=V) + x
    i = argsort(x, over=V)
    top, positions = topk(x, K, over=V)
    both = cat(x, y, over=b)
    return top
