# An axis without a name aligns with the one unnamed axis of its size.
dim D = 8

fn ambiguous(x: [b 3*D 3*D], bias: [3*D]) -> [b 3*D 3*D]:
    return x + bias  # error E0410 "2 unnamed axes of the other, [b 3*D 3*D], have its size: name the axis (`dim E = 3*D`)"

fn no_such_size(x: [b n 3*D], bias: [2*D]) -> [b n 3*D]:
    return x + bias  # error E0410 "has no name, and no axis of the other, [b n 3*D], has its size"

fn two_named(x: [b E E], bias: [8]) -> [b E E]:
    return x + bias  # error E0410 "has no name, and 2 axes of the other, [b E E], have its size: name the axis"

dim E = 8
