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

# Beside a group, whose rank only the run knows, the generated code lays a
# value out by indexing, never by a permute: its axes keep their order,
# and without the group they all come after it.
fn swapped(x: [..s D E], y: [..s E D]) -> [..s D E]:
    return x * y  # error E0410 "beside a group of axes, `E` must be in the same order as in the other, [..s D E]"

fn before_the_group(x: [b ..s D], y: [b]) -> [b ..s D]:
    return x * y  # error E0410 "beside a group of axes, `b` must be after the other's group, as in [b ..s D]"

fn reduced_keeps_the_group(x: [..s D]) -> [..s D]:
    return sum(x, over=D)  # error E0601 "but this returns [..s] f32"

fn exp_keeps_the_group(x: [..s D], y: [t D]) -> [t D]:
    return exp(x)  # error E0601 "but this returns [..s D] f32"

# Taken from a grouped argument, the group is still only itself, and the
# axes beside it are compared as any others.
dim E = 4

fn norm(x: [..s D]) -> [..s D]:
    return x / sum(x, over=D)

fn pair(x: [..s D], y: [..s D]) -> [..s D]:
    return x + y

fn two_groups(x: [..t D], y: [..u D]) -> [..t D]:
    return pair(x, y)  # error E0504 "`..s` is bound to other axes by an earlier argument"

fn other_axis(x: [..t E]) -> [..t E]:
    return norm(x)  # error E0504 "its axis `E` is 4, where [..s D] needs `D` = 8"

fn other_result(x: [..t D]) -> [..t E]:
    return norm(x)  # error E0601 "but this returns [..t D] f32"

# An argument whose group may hold any number of axes doesn't show the
# axes a parameter names beside its own group, nor a fixed rank's.
fn fixed(x: [n D]) -> [n D]:
    return x

fn group_alone(x: [..t]) -> [..t]:
    return norm(x)  # error E0504 "it has axes [..t], whose group may hold any number of axes"

fn into_a_fixed_rank(x: [..t D]) -> [..t D]:
    return fixed(x)  # error E0504 "must be [n D] f32 (= [n 8]); it has axes [..t D]"
