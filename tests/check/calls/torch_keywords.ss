# torch's `dim=` and `keepdim=` on a reduction: E0503, with what to write.
dim D = 8

fn share(x: [b D]) -> [b D]:
    return x / sum(x, over=D, keepdim=true)  # error E0503 "the axis goes away, and arithmetic aligns the rest by name"

fn total(x: [b D]) -> [b]:
    return sum(x, dim=1)  # error E0503 "an axis is given by name, `over=` (`over=D`)"

# What to write instead.
fn share_by_name(x: [b D]) -> [b D]:
    return x / sum(x, over=D)

fn share_by_place(x: [b D]) -> [b D]:
    return x / rearrange(sum(x, over=D): b -> b 1)
