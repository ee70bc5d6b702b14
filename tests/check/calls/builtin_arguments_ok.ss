# The same calls, written as their signatures say.
dim D = 4

model Mlp:
    w: [D D] = normal(0.02)

data Row:
    x: [D]

fn setup(steps: int):
    m = Mlp.init(seed=0)
    fresh = Mlp.init()
    opt = adamw(m, lr=warmup(10, cosine(0.1, steps)), weight_decay=0.01)
    plain = sgd(fresh, 0.1, 0.9)
    mode = Train(seed=0)
    save("model.safetensors", m, opt)

fn loop(train: Dataset[Row]):
    for b in train |> shuffle(1) |> batches(size=3):  # hint H2001 "because of `print` in this loop"
        print(b.x)
    log(loss=1.0, accuracy=2.0)

fn logarithm(x: [n]) -> [n]:
    return log(x)

fn axes_by_name(x: [n D]) -> [n]:
    return sum(x, over=D) + max(x |> softmax(over=D), over=D)
