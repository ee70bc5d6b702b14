# Two selections by the same mask have the same size.
dim D = 8

fn positions(x: [n D], pos: [n D], keep: [n] Mask) -> [?k D]:
    return x[keep] + pos[keep]

fn local_mask(x: [n D], pos: [n D]) -> [?k D]:
    keep = x |> sum(over=D) > 0.0
    a = x[keep]
    b = pos[keep]
    return a * b

fn tokens(x: [b n D], keep: [b n] Mask) -> [?k D]:
    return x[keep]
