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
