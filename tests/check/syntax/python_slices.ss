# Python's slices are `a..b` here, with no step: the syntax error says so.
fn rest(x: [n D]) -> [?m D]:
    return x[1:]  # error E0001 "a slice is `a..b` (`1..` from 1 on"

fn every_other(x: [n D]) -> [?m D]:
    return x[::2]  # error E0001 "with no step"

fn shifted(x: [b n D]) -> [b ?m D]:
    return x[.., 1:, ..]  # error E0001 "`n: 1..` slices the axis named n"

# numpy's Ellipsis: `..` here is one whole axis, and an axis goes by name.
fn last(x: [b n D]) -> [b n]:
    return x[..., 0]  # error E0001 "`...` is not written here; `..` is one whole axis, as Python's `:`"
