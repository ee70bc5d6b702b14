# Groups split in their own order, renamed factors, and a group whose
# factors the value doesn't write (a size).
dim T = 8
dim D = 4

fn unflatten(y: [(b T) D]) -> [b T D]:
    return y |> rearrange((b T) D -> b T D)

fn round_trip(x: [b T D]) -> [T b D]:
    y = x |> rearrange(b T D -> (b T) D)
    return y |> rearrange((b T) D -> T b D)

fn from_a_size(y: [n D]) -> [n D]:
    return y |> rearrange((h w) D -> (w h) D, h=n)
