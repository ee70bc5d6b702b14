# What a PyTorch user writes the Python way. `enumerate` in a loop's
# header: its first name is an int, the rest are the loop's item's;
# anywhere else it is Python's, which the language spells another way
# (E0102 says how), as it does `range`, `len` and `zip`; and a list grown
# in a loop (E0106 says how a loop collects its outputs).
dim P = 4

data Ex:
    x: [P]

fn counts(data: Dataset[Ex]):
    for step, batch in enumerate(data |> batches(4)):
        print(step.x)  # error E0106 "`step` has no field `x`"
        print(batch.y)  # error E0106 "`Ex` has no field `y`"
    for step, batch, rest in enumerate(data |> batches(4)):  # error E0506 "2 names on the left, but the value has no parts: `for` over data gives one record at a time"
        print(step)
    for k, i in enumerate(0..4):  # error E0418 "`enumerate` takes a dataset or its batches (a range counts already"
        print(k)

fn pythons(x: [n P]) -> [P]:
    pairs = enumerate(x)  # error E0102 "`enumerate` counts the passes of a `for` loop from 0, in its header"
    for i in range(3):  # error E0102 "a range is written `a..b`: `for i in 0..n`"
        print(i)
    k = len(x)  # error E0102 "`n` is the length of `x` in the body"
    for a in zip(x, x):  # error E0102 "loop over a range and index each"
        print(a)
    return x[0]

# A list grown in a loop, Python's way to collect a scan's outputs.
fn collected(x: [T P]) -> [T P]:
    outs = []
    for i in 0..T:
        outs.append(x[i])  # error E0106 "a list doesn't grow here: a loop collects its outputs into a tensor made before it"
    return x

# torch's `dim=` positions, and integers as class targets.
fn positions(x: [b 64], s: [b n]) -> [b n]:
    y = cat(x, x, over=1)  # error E0419 "`1`, a position: axes are named, never counted; one written as a size has no name until `as` gives it one"
    return softmax(s, over=-1)  # error E0419 "`-1`, a position: axes are named, never counted; that one is `n`"

fn in_batch_targets(sims: [b c]) -> [] f32:
    return cross_entropy(sims, arange(0, b))  # error E0505 "integers are an Index once `as` names the axis they index: `arange(0, b) as [b] Index[n]`"
