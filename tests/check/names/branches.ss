# A name an `if` assigns on only some paths can't be read after it.
fn no_else(x: [n], c: bool) -> [n]:
    if c:
        y = x
    return y  # error E0105 "`y` is used before it is assigned"

fn one_branch_of_three(x: [n], c: bool, d: bool) -> [n]:
    if c:
        if d:
            y = x
        else:
            return x
    elif d:
        y = x + 1.0
    else:
        z = x
    return y  # error E0105 "`y`"
