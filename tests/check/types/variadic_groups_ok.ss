# Variadic groups used as the same group: returned, combined with their own
# group, broadcast against fewer axes, passed on to other functions.
dim D = 8

fn same(x: [..s D]) -> [..s D]:
    return x

fn bias(x: [..s D], b: [D]) -> [..s D]:
    return x + b

fn both(x: [..s D], y: [..s D]) -> [..s D]:
    return x * y |> gelu

fn passed_on(x: [..s D], b: [D]) -> [..s D]:
    return bias(same(x), b)

fn concrete(x: [b n D], w: [D]) -> [b n D]:
    return bias(x, w)
