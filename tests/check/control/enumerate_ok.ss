# Python's `for i, x in enumerate(xs)`: i counts the passes from 0 and x is
# the loop's item, a batch of the data here.
dim P = 4
dim C = 3

model Lin:
    w: [P C] = normal(0.1)

data Ex:
    x: [P]
    y: Index[C]

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
    return cross_entropy(batch.x @ m.w, batch.y)

fn enumerated(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex]) -> int:  # hint H3101 "it loops over a dataset"
    steps = 0
    for step, batch in enumerate(data |> shuffle(seed=3) |> batches(4)):
        l, grads = value_and_grad(loss, m, batch)
        update(m, opt, grads)
        if step % 10 == 0:
            log(step=step, loss=l)
        steps = step + 1
    return steps

# The same loop with a counter of its own (tests/codegen/test_enumerate.py
# trains with both).
fn counted(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex]) -> int:  # hint H3101 "it loops over a dataset"
    steps = 0
    for batch in data |> shuffle(seed=3) |> batches(4):
        l, grads = value_and_grad(loss, m, batch)
        update(m, opt, grads)
        steps = steps + 1
    return steps
