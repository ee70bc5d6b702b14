# torch's `dim=` on a reduction: E0503, with what to write.
dim D = 8

fn total(x: [b D]) -> [b]:
    return sum(x, dim=1)  # error E0503 "an axis is given by name, `over=` (`over=D`)"

fn total_axis(x: [b D]) -> [b]:
    return mean(x, axis=1)  # error E0503 "an axis is given by name"

fn total_by_name(x: [b D]) -> [b]:
    return sum(x, over=D)
