# stack over a new axis, and a reduction over it.
dim D = 4

fn pair(a: [n D], c: [n D]) -> [2 n D]:
    return stack(a, c, over=k)

fn averaged(a: [n D], c: [n D], e: [n D]) -> [n D]:
    return mean(stack(a, c, e, over=k), over=k)
