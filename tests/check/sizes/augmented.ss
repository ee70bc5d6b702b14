# `x += y` keeps x's shape: y aligns with x by name, as in `x + y`, and may
# not add axes.
fn grows(x: [n], y: [n D]) -> [n]:
    z = x
    z += y  # error E0410 "`+=` keeps the shape of what it changes"
    return z

fn misaligned(x: [n D], y: [m]) -> [n D]:
    z = x
    z *= y  # error E0410
    return z
