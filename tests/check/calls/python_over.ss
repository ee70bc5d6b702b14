# `over=` finds its axis by the value's type; a value from Python has none
# until `as` gives it one (E0512). Arithmetic of a Python value is one too;
# a value unknown after an error says nothing more.
import python torch

dim D = 64
dim K = 512

extern fn running(x: [..s], over: axis) -> [..s] = torch.cumsum

model Codebook:
    codes: [K D] = uniform(-0.002, 0.002)

fn sizes(c: Codebook) -> [K]:
    return sum(torch.codes * c.codes, over=D)  # error E0512 "`over=D` needs the axes of `torch.codes * c.codes`, whose type isn't known here (a Python value, or the result of a fn that declares no return type); say it with `as`: `(torch.codes * c.codes) as [...]`"

fn piped(x: [b D]) -> [b D]:
    return torch.nn.functional.gelu(x) |> softmax(over=D)  # error E0512 "`over=D` needs the axes of `torch.nn.functional.gelu(x)`"

fn kept(x: [b D]) -> [b]:
    y = -torch.tanh(x)
    return y |> mean(over=D)  # error E0512 "needs the axes of `y`"

fn after_error(x: [b D]) -> [b]:
    y = x + missing  # error E0102
    return sum(y, over=D)

fn typed(x: [b D]) -> [b]:
    y = torch.tanh(x) as [b D]
    return sum(y, over=D)

fn joined(x: [b D]) -> [b (2 D)]:
    return cat(torch.tanh(x), x, over=D)

fn stacked(x: [b D]) -> [2 b D]:
    return stack(torch.tanh(x) as [b D], x, over=k)

fn summed_on(x: [b D]) -> [b D]:
    return running(torch.tanh(x), over=D)  # error E0512 "`over=D` needs the axes of `torch.tanh(x)`"

# A Python value stays one across an `if` or a loop that doesn't assign it,
# and a value that is one on some path is one after the `if`: until then,
# `check` let these through and `build` refused them.
fn kept_across_if(x: [b D], flag: bool) -> [b]:
    y = torch.tanh(x)
    if flag:
        z = 1
    return y |> mean(over=D)  # error E0512 "needs the axes of `y`"

fn kept_across_loop(x: [b D]) -> [b]:
    y = torch.tanh(x)
    for i in 0..3:
        z = i
    return y |> mean(over=D)  # error E0512 "needs the axes of `y`"

fn python_on_one_path(x: [b D], flag: bool) -> [b]:
    y = x
    if flag:
        y = torch.tanh(x)
    return y |> mean(over=D)  # error E0512 "needs the axes of `y`"

fn typed_on_every_path(x: [b D], flag: bool) -> [b]:
    y = x
    if flag:
        y = torch.tanh(x) as [b D]
    return y |> mean(over=D)

fn unknown_after_an_error_on_one_path(x: [b D], flag: bool) -> [b]:
    y = torch.tanh(x)
    if flag:
        y = x + missing  # error E0102
    return y |> mean(over=D)

# An index by an axis's name finds its place in the value's type too; an
# index by place needs none, and a part of a Python value is one.
fn named_index(x: [b D]) -> [b 2]:
    y = torch.tanh(x)
    return y[D: 0..2]  # error E0512 col=14 "the index `D: 0..2` needs the axes of `y`"

fn placed_index(x: [b D]) -> [b 2]:
    y = torch.tanh(x)
    return y[.., 0..2] as [b 2]

fn part_of_python(x: [b D]) -> [b]:
    return torch.tanh(x)[.., 0..2] |> mean(over=D)  # error E0512 "needs the axes of `torch.tanh(x)[.., 0..2]`"

# A fn that declares no return type gives its callers a value of no type
# known here either (they are checked without reading its body).
fn doubled(x: [b D]):
    return x * 2.0

fn undeclared(x: [b D]) -> [b]:
    y = doubled(x)
    z = doubled(x) as [b D]
    return sum(y, over=D) + sum(z, over=D) + y[D: 0]  # error E0512 "`over=D` needs the axes of `y`", error E0512 "the index `D: 0` needs the axes of `y`"

# A call given a Python value where a size comes only from it gives a
# Python value's result; after an error, an unknown one that says nothing.
extern fn conv1d(x: [b ci t], weight: [co ci 3], bias: [co], padding: int = 1) -> [b co t] = torch.nn.functional.conv1d

fn convolved(x: [b D t], bias: [D]) -> [b D]:
    y = conv1d(x, torch.ones(64, 64, 3), bias)
    return mean(y, over=t)  # error E0512 "`over=t` needs the axes of `y`"

fn convolved_typed(x: [b D t], bias: [D]) -> [b D]:
    y = conv1d(x, torch.ones(64, 64, 3) as [D D 3], bias)
    return mean(y, over=t)

fn convolved_after_error(x: [b D t], bias: [D]) -> [b D]:
    y = conv1d(x, missing, bias)  # error E0102
    return mean(y, over=t)
