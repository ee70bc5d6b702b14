# gather, scatter and topk within their axes.
dim E = 8

fn rows(x: [b N D], idx: [b K D] Index[N]) -> [b K D]:
    return gather(x, idx, over=N)

fn fewer_rows(x: [b N D], idx: [b 1 D] Index[N]) -> [b 1 D]:
    return gather(x, idx, over=N)

fn scatter_rows(x: [b V], i: [b K] Index[V], w: [b K]) -> [b V]:
    return scatter(x, i, w, over=V)

fn experts(x: [b E]) -> [b 2]:
    values, idx = topk(x, 2, over=E)
    return values

fn all_of_them(x: [b E]) -> [b 8]:
    values, idx = topk(x, E, over=E)
    return values

# A generic axis's size only the run knows: the run checks k.
fn best(x: [b n]) -> [b 2]:
    values, idx = topk(x, 2, over=n)
    return values
