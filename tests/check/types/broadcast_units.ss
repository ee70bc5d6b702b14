# Where an axis written `1` can't broadcast by place (broadcast_units_ok.ss
# has those that can), and without a `1` an outer product is still E0410
# (outer_product.ss).

# A `1` is never moved to another place by name: this is `[n n]`, as in torch.
fn pairs(a: [n], b: [n]) -> [n 1]:
    return rearrange(a: n -> n 1) + rearrange(b: n -> 1 n)  # error E0601 "returns [n 1] f32, but this returns [n n] f32"

# Axes in one place that are neither one axis nor a `1`: E0410.
fn mismatched(x: [n 2], y: [1 3]) -> [n 3]:
    return x * y  # error E0410

fn other_names(x: [n 1], y: [m D]) -> [n D]:
    return x * y  # error E0410 "the other operand, [n 1], has no axis `D`"

# `+=` keeps the shape of what it changes: a `1` of it can't grow.
fn grow(x: [n 1], y: [1 m]) -> [n 1]:
    z = x
    z += y  # error E0410 "keeps the shape of what it changes"
    return z

# A group lines up by place only with itself, in the same place.
fn other_group(x: [..s 8], y: [..t 1]) -> [..s 8]:
    return x * y  # error E0410

fn group_against_none(x: [..s 8], y: [b 1]) -> [..s 8]:
    return x * y  # error E0410
