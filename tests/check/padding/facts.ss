# The padding analysis's facts (server/analysis/padding.hpp): each loop over
# batches is padded or not, and what prevents it is a fact where it is; a
# selection by a mask is kept padded or compacted.
dim F = 4

data Ex:
    x: [F]

fn ranked(x: [b F]) -> [b F]:
    return sort(x, over=b)  # fact padding:prevents-padding "`sort`"

fn main(data: Dataset[Ex]):
    for batch in data |> batches(8):  # fact padding:padded-loop
        print(mean(batch.x))
    for batch in data |> batches(8):  # fact padding:unpadded-loop "`sort` in `ranked`", hint H2001
        print(mean(ranked(batch.x)))

fn positive_mean(x: [n F]) -> [] f32:
    keep = sum(x, over=F) > 0.0
    return mean(x[keep])  # fact padding:kept-selection

fn positive_rows(x: [n F]) -> [?k F]:
    keep = sum(x, over=F) > 0.0
    return x[keep]  # fact padding:kept-selection "given back kept to `rows_mean`"

fn rows_mean(x: [n F]) -> [] f32:
    return mean(positive_rows(x))

fn flat_positive(x: [n F]) -> [?m]:
    keep = sum(x, over=F) > 0.0
    return x[keep] |> rearrange(k F -> (k F))  # fact padding:compacted-selection "`rearrange` in `flat_positive`"
