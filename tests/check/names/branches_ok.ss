# Names assigned on every path out of an `if` (a branch that returns
# doesn't come out), or before it, or again after it, can be read.
fn both(x: [n], c: bool) -> [n]:
    if c:
        y = x
    else:
        y = x * 2.0
    return y

fn returns_instead(x: [n], c: bool) -> [n]:
    if c:
        return x
    else:
        y = x
    return y

fn assigned_before(x: [n], c: bool) -> [n]:
    y = x
    if c:
        y = x * 2.0
    return y

fn assigned_again(x: [n], c: bool) -> [n]:
    if c:
        y = x
    y = x
    return y

fn in_a_loop(x: [n]) -> [n]:
    for i in 0..3:
        y = x * 2.0
    return y
