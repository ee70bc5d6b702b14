# What gives no value is a statement, never a value (E0511): print, save,
# update, `log(key=value)`, and a fn with no return type and no `return` of
# a value all give Python's None.
data Row:
    x: [4]

model Lin:
    w: [4] = zeros

fn show(x: [n]):
    print(x)

fn loss(m: Lin, x: [4]) -> [] f32:
    return sum(m.w * x)

fn step(mut m: Lin, opt: Optimizer[Lin], x: [4]):
    l, grads = value_and_grad(loss, m, x)
    done = update(m, opt, grads)  # error E0511 "`update` gives no value, but this uses its result"

fn uses(x: [n], train: Dataset[Row]) -> [n]:
    y = print(x)  # error E0511 "`print` gives no value, but this uses its result; call it on a line of its own"
    for batch in train |> print(8):  # error E0511 "`print` gives no value"
        show(batch.x[0])
    z = show(x)  # error E0511 "`show` gives no value (it declares no return type and returns no value)"
    w = x |> show  # error E0511 "`show` gives no value"
    saved = save("x.safetensors", x)  # error E0511 "`save` gives no value"
    logged = log(loss=1.0)  # error E0511 "`log` gives no value"
    print(print(x))  # error E0511 "`print` gives no value"
    return x
