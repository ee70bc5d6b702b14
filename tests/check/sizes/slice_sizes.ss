# A slice keeps its axis's name, shown with its new size.
dim D = 64

fn cut(x: [b n D], k: int) -> [b n D]:
    y = x[n: 0..k]
    return y  # error E0601 "but this returns [b ?n D] f32 (= [b ?n 64])"

fn halves(x: [b n D]) -> [b n D]:
    return x[D: 0..D/2]  # error E0601 "but this returns [b n D/2] f32 (= [b n 32])"

fn two(x: [b n D], i: int, j: int) -> [b n D]:
    y = x[n: i..j]
    z = x[n: 0..j]
    return y + z  # error E0410 "axis `?n` has a size known only at run time on each side, and nothing proves the two equal"
