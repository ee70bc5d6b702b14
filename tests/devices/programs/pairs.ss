# Similarities between every two examples of a batch (a contrastive
# loss's): on several workers no worker holds the pairs, so it is refused.
import python helpers

dim F = 16
dim C = 4

data Pair:
    x: [F]
    y: Index[C]

fn similarity(batch: Batch[Pair]) -> [] f32:
    s = einsum(batch.x, batch.x: b F, c F -> b c)
    return mean(softmax(s, over=c))

fn main():
    train = helpers.examples(40, 0) as Dataset[Pair]
    for batch in train |> batches(16):
        log(similarity=similarity(batch))
