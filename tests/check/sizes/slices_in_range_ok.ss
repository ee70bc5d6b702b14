# Slices within their axes, and a named index beside a group.
dim D = 8

fn head(x: [n D]) -> [D/2]:
    return x[0][D: 0..D/2]

fn tail(x: [n D]) -> [n-1 D]:
    return x[1..n]

fn whole(x: [5]) -> [5]:
    return x[0..5]

fn half(x: [..s D]) -> [..s D/2]:
    return x[D: 0..D/2]

fn indices_inside(x: [n D], i: int) -> [D]:
    return x[n - 1] + x[i] + x[0] + x[-1]

fn ends_of_a_dim(x: [n D]) -> [n]:
    return x[D: -8] + x[D: 7]
