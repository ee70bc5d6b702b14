# A model made from a seed that differs between workers: refused at its
# first value_and_grad, since the run would not be one device's. Also
# notes what each worker draws without a seed (the same on each).
import python helpers

dim F = 16
dim C = 4

model Lin:
    w: [F C] = normal(0.1)

data Pair:
    x: [F]
    y: Index[C]

fn loss(m: Lin, batch: Batch[Pair]) -> [] f32:
    return cross_entropy(batch.x @ m.w, batch.y)

fn main(per_worker: bool = true, draws: str = "."):
    helpers.note_draws(draws)
    train = helpers.examples(64, 0) as Dataset[Pair]
    m = Lin.init(seed=0)
    if per_worker:
        m = Lin.init(seed=helpers.rank() as int)
    for batch in train |> batches(32):
        l, g = value_and_grad(loss, m, batch)
        log(loss=l)
