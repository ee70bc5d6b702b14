# An extern fn's parameter with a wrong element is shown in the caller's
# axes, as a built-in's is: its `n` is the caller's `a` here, so the
# message never reads "must be Index[n]; found Index[n]".
import python torch

extern fn gather_rows(x: [n d], idx: [e] Index[n]) -> [e d] = torch.index_select

fn wrong(x: [a d], idx: [e] Index[b]) -> [e d]:
    return gather_rows(x, idx)  # error E0505 "argument `idx` must be [e] Index[a]; found [e] Index[b]"

fn same_names(x: [n d], idx: [e] Index[m]) -> [e d]:
    return gather_rows(x, idx)  # error E0505 "argument `idx` must be [e] Index[n]; found [e] Index[m]"

fn right(x: [a d], idx: [e] Index[a]) -> [e d]:
    return gather_rows(x, idx)
