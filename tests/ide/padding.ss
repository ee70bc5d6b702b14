# Hovers of the padding analysis (server/analysis/padding.cpp): a loop's
# `batches` says whether its last batch is padded, and what prevents it.
dim F = 4

data Ex:
    x: [F]

fn ranked(x: [b F]) -> [b F]:
    return sort(x, over=b)
#          ^ hover "keeps the batch axis of a loop over batches from being padded: `sort`"

fn main(data: Dataset[Ex]):
    for batch in data |> batches(8):
#                        ^ hover "The last batch is padded to the batch size"
        print(mean(batch.x))
    for batch in data |> batches(8):
#                        ^ hover "The last batch isn't padded to the batch size, because of `sort` in `ranked`."
        print(mean(ranked(batch.x)))
