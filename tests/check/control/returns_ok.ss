dim D = 64
dim E = 32

model M:
    w: [4] = zeros

fn right_shape(x: [b D], w: [D E]) -> [b E]:
    return x @ w

fn branches(x: [n], flag: bool, total: [] Mask) -> [n]:
    if flag:
        return x
    elif total:
        return x + x
    else:
        y = x * 2
    for i in 0..3:
        y = y + x
    return y

fn changes(mut m: M, w: [4]):
    m.w = w
