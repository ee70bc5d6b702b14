# A named axis lines up with an unnamed one of its size only: `t` here is
# one longer than the unnamed axis.
dim F = 4
dim D = 8

fn longer(x: [b 1+F D], y: [b 2+F D]) -> [b 2+F D]:
    h = rearrange(y: b t D -> b t D)
    return x + h  # error E0410 "can't align the axes of [b 1+F D] and [b t D] by name"
