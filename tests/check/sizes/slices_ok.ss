# Slices whose bounds are size expressions have known sizes.
dim D = 8

fn first_half(x: [n D]) -> [n D/2]:
    return x[D: 0..D/2]

fn second_half(x: [n D]) -> [n D/2]:
    return x[D: D//2..D]

fn rotate(x: [n D]) -> [n D]:
    a = x[D: 0..D/2]
    b = x[D: D/2..D]
    return cat(b, a, over=D)
