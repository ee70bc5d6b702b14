# The same uses of dims, with a head count that divides the width.
dim D  = 768
dim H  = 12
dim Dh = D / H

fn heads(x: [b n 3*D]) -> [b H n Dh]:
    q, k, v = x |> split(b n (3 H Dh) -> b H n Dh)
    return q

fn merge(x: [b n D]) -> [b n D]:
    y = x |> rearrange(b n (H Dh) -> b H n Dh)
    z = x |> rearrange(b n (h d) -> b h n d, h=Dh)
    w = x |> repeat(b n D -> b n Dh D)
    return x
