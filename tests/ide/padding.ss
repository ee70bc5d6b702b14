# Hovers of the padding analysis (server/analysis/padding.cpp): a loop's
# `batches` says whether its last batch is padded, and what prevents it; a
# function's name, which generic axes `shapescript.padded` can pad.
dim F = 4

data Ex:
    x: [F]

fn ranked(x: [b F]) -> [b F]:
#   ^ hover "`shapescript.padded` can't pad `b`, because of `sort` in `ranked`."
    return sort(x, over=b)
#          ^ hover "keeps the batch axis of a loop over batches from being padded: `sort`"

fn main(data: Dataset[Ex]):
    for batch in data |> batches(8):
#                        ^ hover "The last batch is padded to the batch size"
#                                  ^ inlay "last batch padded"
#                                  ^ inlay "batches of Ex"
#            ^ inlay ": Batch[Ex]"
        print(mean(batch.x))
    for batch in data |> batches(8):
#                        ^ hover "The last batch isn't padded to the batch size, because of `sort` in `ranked`."
#                                  ^ inlay "last batch not padded"
#                                  ^ inlay "batches of Ex"
#            ^ inlay ": Batch[Ex]"
        print(mean(ranked(batch.x)))

fn pool(x: [n F], y: [m F]) -> [F]:
#   ^ hover "`shapescript.padded` can pad `m`, `n`."
    return mean(x, over=n) + sum(y, over=m)


fn positive_mean(x: [n F]) -> [] f32:
    keep = sum(x, over=F) > 0.0
#       ^ inlay ": [n] Mask"
    return mean(x[keep])
#                 ^ hover "This selection is kept padded: at the mask's size"

fn positive_rows(x: [n F]) -> [?k F]:
    keep = sum(x, over=F) > 0.0
#       ^ inlay ": [n] Mask"
    return x[keep]
#            ^ hover "This selection is kept padded: at the mask's size, the mask saying which positions are selected, so its shape doesn't depend on the data. Returned, it is given back kept to `rows_mean`; Python and other callers get it compacted."

fn rows_mean(x: [n F]) -> [] f32:
    return mean(positive_rows(x))

fn first_row(x: [n F]) -> [F]:
    return positive_rows(x)[0]

fn flat_positive(x: [n F]) -> [?m]:
    keep = sum(x, over=F) > 0.0
#       ^ inlay ": [n] Mask"
    return x[keep] |> rearrange(k F -> (k F))
#            ^ hover "This selection is compacted (its size depends on the data), because of `rearrange` in `flat_positive`."
#                                            ^ inlay "[(k F)]"
