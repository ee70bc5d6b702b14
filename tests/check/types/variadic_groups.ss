# A variadic group `..s` is checked as an axis is: it is the same axes only
# where it is the same group, and a return type's group comes from a parameter.
dim D = 8

fn returned_as_one_axis(x: [..s D], y: [t D]) -> [t D]:
    return x  # error E0601 "[..s D]"

fn returned_without_its_axis(x: [..s D]) -> [..s]:
    return x  # error E0601 "[..s D]"

fn other_group(x: [..s D], y: [..r D]) -> [..s D]:
    return y  # error E0601 "[..r D]"

fn unbound(x: [n D]) -> [..s D]:  # error E0421 "`..s`"
    return x

fn mixed(x: [t D], y: [..s D]) -> [t D]:
    return x + y  # error E0410 "no group `..s`"

# Beside a group the generated code can't lay a value out: `y`'s `..s`
# would meet `x`'s first `D`.
fn beside(x: [..s D D], y: [..s D]) -> [..s D D]:
    return x * y  # error E0410 "same place counted from the end"

fn reduced_keeps_the_group(x: [..s D]) -> [..s D]:
    return sum(x, over=D)  # error E0601 "but this returns [..s] f32"

fn exp_keeps_the_group(x: [..s D], y: [t D]) -> [t D]:
    return exp(x)  # error E0601 "but this returns [..s D] f32"
