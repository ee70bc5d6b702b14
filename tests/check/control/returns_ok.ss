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

dim F = 4

model Net:
    w: [F] = zeros

data Row:
    x: [F]
    y: Index[3]

fn loss_of(m: Net, x: [b F]) -> [] f32:
    return mean(x * m.w)

fn step(mut m: Net, mut opt: Optimizer[Net], x: [b F]) -> [] f32:
    l, grads = value_and_grad(loss_of, m, x)
    update(m, opt, grads |> clip_norm(1.0))
    return l

fn train(rows: Dataset[Row], epochs: int = 2):
    m = Net.init(seed=0)
    opt = adamw(m, lr=0.001, weight_decay=0.01)
    for epoch in 0..epochs:
        for batch in rows |> shuffle(seed=epoch) |> batches(16):  # hint H2001 "because of `argmax` in this loop"
            l = step(m, opt, batch.x)
            best = argmax(batch.x, over=b)

fn pair(x: [n D], y: [n]) -> ([n D], [n]):
    return x, y

# Without a return type: a value on every path, or None on every path.
fn doubled(x: [n], flag: bool):
    if flag:
        return x * 2.0
    else:
        return x

fn shown(x: [n], flag: bool):
    if flag:
        print(x)
        return
    print(x * 2.0)
