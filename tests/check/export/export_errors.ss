# E1701-E1706: what an exported function, and every function it reaches at
# any depth, does that torch.export can't trace (docs/export.md). Errors
# below the exported function name it and the call path.
import python torch
import python scipy.special

dim D = 4
dim C = 3

model Lin:
    w: [D C] = normal(0.1)

data Ex:
    x: [D]

extern fn erf(x: [..s]) -> [..s] = torch.erf
extern fn scipy_erf(x: [..s]) -> [..s] = scipy.special.erf

# Python, directly and through a pipe, and `as` on a Python value.
export fn pythonic(x: [n D]) -> [n D]:
    y = x |> torch.tanh  # error E1701 "`torch.tanh` is Python, which"
    z = torch.sort(x) as [n D]  # error E1703 "`as` on the Python value `torch.sort(x)`"
    return y + z * torch.pi  # error E1701 col=20 "`torch.pi`"

# An extern fn outside torch, two calls below: the path is named.
fn special(x: [n D]) -> [n D]:
    return scipy_erf(x) + erf(x)  # error E1702 "the extern fn `scipy_erf` calls `scipy.special.erf` in `special` (reached from `deep` through `middle`)"

fn middle(x: [n D]) -> [n D]:
    return special(x)

fn printing(x: [n D]) -> [n D]:
    print(mean(x))  # error E1704 "`print` is host-only in `printing` (reached from `deep`)"
    return x

export fn deep(x: [n D]) -> [n D]:
    return middle(x) + printing(x)

# Host-only values and operations. A model may be the exported function's
# first input (the model exported), passed around and its fields read.
fn with_model(m: Lin, x: [n D]) -> [n C]:
    return x @ m.w

fn with_optimizer(opt: Optimizer[Lin], x: [n D]) -> [n D]:  # error E1704 "the parameter `opt`, of type `Optimizer[Lin]`, is host-only"
    return x

export fn model_first(m: Lin, x: [n D]) -> [n C]:
    return with_model(m, x) + mean(with_optimizer(adamw(m, lr=0.1), x))  # error E1704 "`adamw` is host-only"

export fn model_second(x: [n D], m: Lin) -> [n C]:  # error E1705 "input `m` is of type `Lin`"
    return with_model(m, x)

fn looping(data: Dataset[Ex]) -> [] f32:  # error E1704 "the parameter `data`"
    total = 0.0
    for batch in data |> batches(4):  # error E1704 "a `for` over a dataset or its batches"
        total = total + mean(batch.x)
    return total

export fn hosted(x: [n D], data: Dataset[Ex]) -> [] f32:  # error E1705 "input `data` is of type `Dataset[Ex]`"
    m = Lin.init(seed=0)  # error E1704 "`Lin.init`, which makes a model, is host-only"
    return mean(with_model(m, x)) + looping(data) + log(mean(x))

# Inputs: a tensor with a shape, or an int, float or bool with a default.
export fn inputs(x: [..s D], k: int, scale: float = 2.0, flag: bool = true) -> [] f32:  # error E1705 "input `x` is a tensor whose shape has a group `..s`", error E1705 "input `k` is `int` without a default"
    return mean(x) * scale

# return inside an if on a tensor.
export fn branchy(x: [n D]) -> [n D]:
    if sum(x) > 0.0:
        return x  # error E1706 "`return` inside an `if` on a tensor:"
    return -x

# Not exported, nothing is an error; an exported function that does only
# torch operations checks clean.
fn trains(data: Dataset[Ex]):
    for batch in data |> batches(4):
        print(mean(batch.x))

fn host_tanh(x: [n D]) -> [n D]:
    return torch.tanh(x) as [n D]

export fn clean(x: [n D], w: [D C], bias: float = 0.0) -> [n C]:
    h = erf(x) |> gelu
    if n > 2:
        return softmax(h @ w, over=C) + bias
    return h @ w
