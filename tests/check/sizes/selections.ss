# Selections by different masks have sizes known only at run time, which
# may differ; so does a selection by a mask after it is given a new value.
dim D = 8

fn two_masks(x: [n D], keep: [n] Mask, other: [n] Mask) -> [?k D]:
    return x[keep] + x[other]  # error E0410 "select both with one mask"

fn reassigned(x: [n D], pos: [n D], keep: [n] Mask, other: [n] Mask) -> [?k D]:
    a = x[keep]
    keep = other
    return a + pos[keep]  # error E0410 "select both with one mask"

fn wrong_axes(x: [b n D], keep: [n b] Mask) -> [?k D]:
    return x[keep]  # error E0417 "a Mask over the axes [b n] from here on"

fn float_index(x: [n D], pos: [n D]) -> [?k D]:
    return pos[x]  # error E0417 "an integer, a range `a..b` or a Mask"
