# Calls that give no value, each on a line of its own; `log` of a value is
# the logarithm, and a fn that returns a value without declaring its type
# gives it.
data Row:
    x: [4]

fn show(x: [n]):
    print(x)
    return

fn twice(x: [n]):
    if sum(x) > 0.0:
        return x * 2.0
    return x

fn uses(x: [n], train: Dataset[Row]) -> [n]:
    print(x)
    show(x)
    x |> show
    x |> print
    save("x.safetensors", x)
    log(loss=1.0)
    for batch in train |> batches(8):
        total = sum(batch.x)
    y = twice(x)
    return log(exp(y)) + (x |> log)
