# A dim whose value is in error is reported once, where it is defined: the
# patterns and types that use it are unknown and say nothing more.
dim D  = 768
dim H  = 7
dim Dh = D / H  # error E0401 "768 is not a multiple of 7"

fn heads(x: [b n 3*D]) -> [b H n Dh]:
    q, k, v = x |> split(b n (3 H Dh) -> b H n Dh)
    return q

fn merge(x: [b n D]) -> [b n D]:
    y = x |> rearrange(b n (H Dh) -> b H n Dh)
    z = x |> rearrange(b n (h d) -> b h n d, h=Dh)
    w = x |> repeat(b n D -> b n Dh D)
    return x
