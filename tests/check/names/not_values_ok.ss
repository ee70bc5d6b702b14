# Where a function, model, data record, Python module or built-in may be
# named: called, piped into, `Model.init`, a Python module's attribute, a
# record or model as a type, a loss given to `value_and_grad`, `Eval`.
import python torch

dim D = 4

model Mlp:
    w: [D] = normal(0.02)
    b: [D] = zeros
    g: [D] = ones

data Row:
    x: [D]

fn double(x: [n]) -> [n]:
    return x + x

fn calls(x: [n]) -> [n]:
    a = double(x) |> double |> gelu |> sigmoid
    b = torch.tanh(a) as [n]
    return tanh(b) |> double

fn loss(m: Mlp, row: Batch[Row], mode: Mode) -> [] f32:
    return mean(row.x @ m.w |> dropout(0.1, mode))

fn step(mut m: Mlp, mut opt: Optimizer[Mlp], batch: Batch[Row]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch, Eval)
    update(m, opt, grads)
    return l

fn make(data: Dataset[Row]) -> Mlp:
    m = Mlp.init(seed=0)
    opt = adamw(m, lr=0.01)
    for batch in data |> batches(2):
        step(m, opt, batch)
    return m
