# A loss for one data record called on the batches of another.
dim D = 16
dim C = 3

model Lin:
    w: [D C] = zeros

data Sample:
    x: [D]
    y: Index[C]

data Other:
    x: [D]
    y: Index[C]

fn loss(m: Lin, batch: Batch[Sample]) -> [] f32:
    return cross_entropy(batch.x @ m.w, batch.y)

fn epoch(m: Lin, data: Dataset[Other]):
    for batch in data |> batches(8):
        print(loss(m, batch))  # error E0505 col=23 "found Batch[Other]"
