# An axis without a name aligns with the one unnamed axis of its size.
dim D = 8

fn ambiguous(x: [b 3*D 3*D], bias: [3*D]) -> [b 3*D 3*D]:
    return x + bias  # error E0410 "2 unnamed axes of the other, [b 3*D 3*D], have its size: name the axis (`dim E = 3*D`)"

fn no_such_size(x: [b n 3*D], bias: [2*D]) -> [b n 3*D]:
    return x + bias  # error E0410 "no unnamed axis of the other"
