# gather and scatter want the index no larger than the value along the
# other axes; topk's k no larger than its axis where the sizes say so.
dim E = 8

fn other_axes(x: [b N e], idx: [b K D] Index[N]) -> [b K D]:
    return gather(x, idx, over=N)  # error E0504 "no larger than the value, [b N e], along every axis but `N`; its axis `D` is D where the value's `e` is e"

fn scatter_rows(x: [b V], i: [c K] Index[V], w: [c K]) -> [b V]:
    return scatter(x, i, w, over=V)  # error E0504 "its axis `c` is c where the value's `b` is b"

fn past_the_axis(x: [b E]) -> [b 9]:
    values, idx = topk(x, 9, over=E)  # error E0504 "argument `k` must be at most the size of `E`, 8; it is 9"
    return values
