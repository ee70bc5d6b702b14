# E0426: a group split in another order than the value's axis has it.
dim T = 8
dim D = 4

fn unflatten(y: [(b T) D]) -> [b T D]:
    return y |> rearrange((T b) D -> b T D)  # error E0426 "the pattern's group `(T b)` has the factors of the value's axis `(b T)` in another order"

fn round_trip(x: [b T D]) -> [b T D]:
    y = x |> rearrange(b T D -> (b T) D)
    return y |> rearrange((T b) D -> b T D)  # error E0426 "the value's axis `(b T)`"

fn takes(y: [(b T) D]) -> [b T D]:
    return y |> rearrange((b T) D -> b T D)

fn passed(x: [b T D]) -> [b T D]:
    y = x |> rearrange(b T D -> (T b) D)
    return takes(y)  # error E0504 "its axis `(T b)` has the factors of [(b T) D]'s `(b T)` in another order"

fn returned(x: [b T D]) -> [(b T) D]:
    return x |> rearrange(b T D -> (T b) D)  # error E0601 "but this returns [(T b) D] f32"

fn added(y: [(b T) D], z: [(T b) D]) -> [(b T) D]:
    return y + z  # error E0410 "the axis `(T b)` has the factors of the other's `(b T)` in another order"

fn claimed(y: [(b T) D]) -> [(T b) D]:
    return y as [(T b) D]  # warning E0428 "writes the group `(T b)` where the value's axis is `(b T)`"
