# What reductions, joins and `!` take: tensors and Masks, as torch does; a
# local can't take a dim's name, which types and patterns read as the size.
dim H = 2
dim Dh = 4

fn f(x: [b n 8], on: bool) -> [b H n Dh]:
    Dh = x |> rearrange(b n (H Dh) -> b H n Dh)  # error E0101 "`Dh` is already defined, as a dim"
    a = mean((0, n, 1))  # error E0505 "argument `x` must be a tensor; found (int, int, int)"
    c = cat(x, H, over=n)  # error E0505 "argument `parts` must be a tensor; found int"
    d = !on  # error E0418 "`!` takes a Mask; found bool"
    e = !(-inf)  # error E0418 "`!` takes a Mask; found float"
    return x |> rearrange(b n (H Dh) -> b H n Dh)

# `@` of a number is a TypeError in Python whatever the other side is,
# a group `..s` or a value of no known type included.
fn scaled_group(x: [..s]) -> [..s]:
    return log(1.0 @ exp(x))  # error E0411 "at least one axis on both sides; found float"

fn scaled_unknown(x: [..s]) -> [..s]:
    y = exp(x)
    return y @ 2  # error E0411 "found int"
