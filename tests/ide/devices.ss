# The hover of a devices line (server/ide/devices_hover.cpp): the workers
# it starts, how a batch of each loop is split, and what adds up over them.
devices cpu*3
#       ^ hover "a batch of 64 is split 22/21/21"
#           ^ hover "(an all-reduce each): `cross_entropy` (line 15), `mean` (line 20)."

dim F = 4

data Pair:
    x: [F]
    y: Index[2]

model Lin:
    w: [F 2] = normal(0.1)

fn loss(m: Lin, batch: Batch[Pair]) -> [] f32:
    return cross_entropy(batch.x @ m.w, batch.y)

fn main(train: Dataset[Pair]):
    m = Lin.init(seed=0)
    for batch in train |> batches(64):
        log(loss=loss(m, batch), top=mean(batch.x))
