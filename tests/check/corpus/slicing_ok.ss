# Slicing as sequence models need it: shift for next-token targets, crop
# a prefix, split a feature axis into halves, take every head's first.
dim D = 64
dim P = 16     # prefix length

fn shift_inputs(ids: [b n+1] Index[100]) -> [b n] Index[100]:
    return ids[.., 0..n]

fn shift_targets(ids: [b n+1] Index[100]) -> [b n] Index[100]:
    return ids[.., 1..n+1]

fn prefix(x: [b n D]) -> [b P D]:
    return x[n: 0..P]

fn halves(x: [b n D]) -> ([b n D/2], [b n D/2]):
    return x[D: 0..D/2], x[D: D/2..D]

fn first_head(x: [b h n D]) -> [b n D]:
    return x[h: 0]

fn first_example(x: [b n D]) -> [n D]:
    return x[0]
