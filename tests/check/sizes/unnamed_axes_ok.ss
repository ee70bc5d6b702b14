# A bias over an axis without a name aligns with the one unnamed axis of
# proven-equal size, wherever it is.
dim D = 8

fn fused(x: [b n 3*D], bias: [3*D]) -> [b n 3*D]:
    return x + bias

fn middle(x: [b 3*D n], bias: [3*D]) -> [b 3*D n]:
    return bias * x

fn same_rank(x: [b 4], y: [b 4]) -> [b 4]:
    return x - y
