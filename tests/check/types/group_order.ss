# E0426: a group split in another order than the value's axis has it.
dim T = 8
dim D = 4

fn unflatten(y: [(b T) D]) -> [b T D]:
    return y |> rearrange((T b) D -> b T D)  # error E0426 "the pattern's group `(T b)` has the factors of the value's axis `(b T)` in another order"

fn round_trip(x: [b T D]) -> [b T D]:
    y = x |> rearrange(b T D -> (b T) D)
    return y |> rearrange((T b) D -> b T D)  # error E0426 "the value's axis `(b T)`"
