# torch.gather wants the index to have as many axes as the value: a group
# `..s` counts as that many only against itself, in the same place.
dim N = 196
dim D = 768
dim Keep = 49

fn group_in_value(x: [b N ..D], idx: [b Keep D] Index[N]) -> [b Keep D]:
    return gather(x, idx, over=N)  # error E0505 "as many axes as the value"

fn group_in_index(x: [b N D], idx: [b ..s] Index[N]) -> [b N D]:
    return gather(x, idx, over=N)  # error E0505 "as many axes as the value"

fn other_groups(x: [..s N], idx: [..t k] Index[N]) -> [..t k]:
    return gather(x, idx, over=N)  # error E0505 "as many axes as the value"

fn same_group(x: [..s N], idx: [..s k] Index[N]) -> [..s k]:
    return gather(x, idx, over=N)
