# A value of one kind where another goes: an int, float, range, tuple,
# tensor, model or mode that the generated Python would refuse at run time.
dim D = 4

model Mlp:
    w: [D D] = zeros

data Row:
    x: [D]

fn ranges(x: [n], f: float) -> [n]:
    for i in 0.05..n:  # error E0418 "`..` takes integers; found float"
        y = x
    for j in n:        # error E0418 "`for` takes a range `a..b`, a dataset or its batches; found int"
        y = x
    a = x[0..x]        # error E0418 "`..` takes integers; found [n]"
    b = x[f..]         # error E0418 "found float"
    return x

fn indexing(x: [n], keep: [n] Mask, m: Mlp) -> [n]:
    a = D[keep]  # error E0417 "indexing needs a tensor to index; found int"
    b = m[0]     # error E0417 "found Mlp"
    return x

fn truth(x: [n], ok: bool) -> [n]:
    a = not x      # error E0418 "`not` takes a bool; found [n]"
    b = x and ok   # error E0418 "`and` takes bools; found [n]"
    return x

fn operands(x: [D], m: Mlp, mode: Mode) -> [D]:
    a = m * x       # error E0418 "`*` takes tensors and numbers; found Mlp"
    b = x - mode    # error E0418 "`-` takes tensors and numbers; found Mode"
    c = -m          # error E0418 "`-` takes tensors and numbers; found Mlp"
    d = "a" * 2     # error E0418 "found str"
    return x

fn fields(x: [n], mode: Mode, data: Dataset[Row]) -> [n]:
    a = mode.w2           # error E0106 "`mode` has no field `w2`"
    b = data.batches(2)   # error E0106 "`data` has no field `batches`"
    return x

fn numbers_as_tensors(x: [n], keep: [n] Mask) -> [n]:
    a = gelu(n)            # error E0505 "argument `x` must be [...] of any float type; found int"
    b = D |> sigmoid       # error E0505 "argument `x` must be [...] of any float type; found int"
    c = where(n, x, x)     # error E0505 "argument `condition` must be [...] Mask; found int"
    d = masked_fill(x, 1, 0.0)  # error E0505 "argument `mask` must be [n] Mask; found int"
    return x

fn host_arguments(data: Dataset[Row], epochs: int):
    s = cosine(0.003, epochs * 0.05)  # error E0505 "argument `steps` must be int; found float"
    t = warmup(0.01, s)               # error E0505 "argument `steps` must be int; found float"
    u = load(data)                    # error E0505 "argument `path` must be str"
    save(data, "x")                   # error E0505 "argument `path` must be str", error E0505 "argument `values` must be a model, an optimizer or a tensor; found str"
    for b in data |> batches(0.05):   # error E0505 "argument `size` must be int; found float"
        print(1)
    for b in data |> shuffle(seed=0.5) |> batches(2):  # error E0505 "argument `seed` must be int"
        print(1)
    mode = Train(seed=1.5)            # error E0505 "argument `seed` must be int"

fn loss(m: Mlp, x: [D]) -> [] f32:
    return sum(x @ m.w)

fn host_values(mut m: Mlp, x: [D], epochs: int):
    opt = adamw(m, lr=warmup(50, (0.003, epochs)))  # error E0505 "argument `then` must be a number or a schedule; found (float, int)"
    log(loss=(m, x))    # error E0505 "argument `loss` must be a number, a bool, a string or a `[]` tensor"
    log(values=x)       # error E0505 "found [D]"
    l, g = value_and_grad(D, m, x)  # error E0505 "argument `the loss` must be the name of a function of this file; found int"

fn norms(x: [n D], w: [D]) -> [n D]:
    return layer_norm(x, over=D, weight=w, bias=n)  # error E0505 "argument `bias` must be [D]; found int"

fn nested_range(x: [64]) -> [32]:
    return x[0..0..32]  # error E0418 "`..` takes integers; found a range"

fn lists(x: [n], keep: [n] Mask) -> [?k]:
    a = x[keep]
    b = [keep]
    return a * b  # error E0418 "`*` takes tensors and numbers; found a list"

fn loops(x: [n], pair: ([n], [n])) -> [n]:
    for row in x:     # error E0418 "`for` takes a range `a..b`, a dataset or its batches; found [n]"
        y = row
    for p in pair:    # error E0418 "found ([n], [n])"
        y = p
    parts = [x, x]
    for q in parts:   # error E0418 "found a list"
        y = q
    a = parts[1.0]    # error E0417 "indexing needs an integer or a range `a..b`; found float"
    b = pair[x]       # error E0417 "found [n]"
    c = pair[n: 0]    # error E0417 "([n], [n]) has items, not axes; found `n: 0`"
    return x

fn calls_of_results(path: str):
    m = load(path)(path)  # error E0508 "`load(path)` is a call's result, not a function"

fn scattering(x: [b D], w: [b 2]) -> [b D]:
    return scatter(x, D, w, over=D)  # error E0505 "argument `index` must be a tensor of Index[D]; found int"

fn empty_log(x: [n]) -> [n]:
    return x * -log()  # error E0502 "`log` needs its argument `x`"

fn logarithms(x: [n], data: Dataset[Row], m: Mlp) -> [n]:
    a = data |> log  # error E0505 "argument `x` must be a tensor or a number; found Dataset[Row]"
    b = log(m)       # error E0505 "found Mlp"
    return x * log(2) + log(x)

fn seeds(data: Dataset[Row]) -> Mlp:
    return Mlp.init(seed=data)  # error E0505 "argument `seed` must be an int; found Dataset[Row]"

# A schedule is a learning rate by update count: an optimizer's lr, not a function or a number.
fn schedules(data: Dataset[Row], epochs: int):
    s = warmup(2, cosine(0.003, epochs * 3))
    for b in data |> batches(2):
        s(b.x)  # error E0508 "`s` is a value of type schedule, not a function"
    t = s + 1  # error E0418 "`+` takes tensors and numbers; found schedule"
