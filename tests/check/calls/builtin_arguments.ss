# A built-in's arguments are checked against its signature as Python would:
# none missing, unknown, too many or given twice; an axis only by name.
import python torch

dim D = 4

model Mlp:
    w: [D D] = normal(0.02)

data Row:
    x: [D]

fn setup():
    m = Mlp.init(sed=0)  # error E0503 "`Mlp.init` has no parameter `sed`; did you mean `seed`?"
    opt = adamw(m, rate=0.01)  # error E0503 "`adamw` has no parameter `rate`"
    mode = Train(Mlp=0)  # error E0503 "`Train` has no parameter `Mlp`"
    s = cosine(0.1)  # error E0502 "`cosine` needs its argument `steps`"
    w = warmup(1, cosine(0.1, 10), 3)  # error E0501 "`warmup` takes 2 arguments; found more"
    save()  # error E0502 "`save` needs its argument `path`"
    n = load("a.safetensors", "b")  # error E0501 "`load` takes 1 argument"

fn loop(train: Dataset[Row]):
    for b in train |> batches():  # error E0502 "`batches` needs its argument `size`"
        print(b.x)
    for b in train |> batches(4, size=3):  # error E0509 "`size` twice, by position and by name"
        print(b.x)
    log(loss=1.0, loss=2.0)  # error E0509 "`log` is given its argument `loss` twice"

fn log_both(x: [n]) -> [n]:
    return log(x, loss=1.0)  # error E0501 "one value (the logarithm) or `key=value` records; found both"

fn axes_by_name(x: [n D]) -> [D]:
    y = sum(x, 1)  # error E0501 "`sum` takes 1 argument by position (and `over=`, `keepdim=` by name)"
    return topk(x, 2, n) # error E0501 "`topk` takes 2 arguments by position (and `over=`, `largest=` by name)"

fn twice(x: [n D]) -> [n D]:
    return softmax(x, x=x, over=D)  # error E0509 "`softmax` is given its argument `x` twice, by position"

# save writes models, optimizers and tensors; anything else the runtime refuses.
fn saved(m: Mlp, opt: Optimizer[Mlp], train: Dataset[Row], x: [D]):
    save("a.safetensors", m, train)  # error E0505 "argument `values` must be a model, an optimizer or a tensor; found Dataset[Row]"
    save("b.safetensors", 3, m)  # error E0505 "found int"
    save("c.safetensors", m, opt, x)

# The first argument by name is typed as by place; `over=` names only an
# axis the value's type shows.
fn by_name(x: [b t F], y: [..s]) -> [b F]:
    a = mean(x=t)  # error E0505 "argument `x` must be a tensor; found int"
    c = softmax(y, over=F)  # error E0419 "(the axes of a group `..s` have no names here); found `F`"
    d = sum(y, over=t)  # error E0419 "the axes of a group `..s` have no names here"
    e = sort(y, over=F)  # error E0419 "found `F`"
    return mean(x=x, over=t)

# An axis name the value has twice names neither: `q @ k` of two `t`s.
fn twice_named(s: [b t t], i: int) -> [b t]:
    a = softmax(s, over=t)  # error E0419 "found `t`, which names two of the axes of [b t t]: give one another name with a pattern"
    c = sum(s, over=t)  # error E0419 "which names two of the axes"
    d = s[t: i]  # error E0417 "indexing needs an axis the value has once; found `t`"
    return softmax(s |> rearrange(b t u -> b t u), over=u) |> reduce(b t u -> b t, sum)

# Python's own functions take a name once too: Python refuses the call
# before it runs.
fn python_twice(x: [n]) -> [n]:
    return torch.clamp(x, min=0.0, min=1.0) as [n]  # error E0509 "the Python function `torch.clamp` is given its argument `min` twice"
