# Values of the kinds that go there: integers for ranges, a range or batches
# for `for`, numbers where a built-in takes them, any two values compared for
# equality, a list for Python, a Python call's result called.
import python torch

dim D = 4

model Mlp:
    w: [D D] = zeros

data Row:
    x: [D]

fn ranges(x: [n], k: int) -> [n]:
    y = x
    for i in 0..n:
        y = y + 1.0
    for j in k..D:
        y = y * 2.0
    return y[0..n] + x[..n]

fn truth(x: [n], ok: bool, s: [] f32) -> [n]:
    if not ok and not (s > 0.0) and ok or not (sum(x) > 0.0):
        return x
    return x

fn numbers(x: [n], keep: [n] Mask, mode: Mode) -> [n]:
    a = exp(2.0) * tanh(1.0) + abs(0 - 3)
    b = where(keep, x, 0.0) * a
    c = masked_fill(x, keep, 0.0)
    same = mode == Eval
    return b + c + mean(arange(0, n, 1))

fn host(data: Dataset[Row], epochs: int):
    s = warmup(2, cosine(0.003, epochs * 3))
    for b in data |> shuffle(seed=epochs) |> batches(2):  # hint H2001 "because of `print` in this loop"
        print(b.x, "batch" + "es")
    m = Mlp.init(seed=0)
    opt = adamw(m, lr=s)
    mode = Train(seed=0)

fn lists(x: [n]) -> [n]:
    parts = [x, x]
    print(parts, [1, 2])
    return x

fn python_results(x: [n]) -> [n]:
    return torch.nn.Identity()(x) as [n]
