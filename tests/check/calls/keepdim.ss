# torch's `keepdim=true` on a reduction keeps the axis as a `1` in its
# place, which broadcasts by place (docs/types.md, "The prelude").
dim D = 8

fn share(x: [b D]) -> [b D]:
    return x / sum(x, over=D, keepdim=true)

fn kept(x: [b n D]) -> [b 1 D]:
    return mean(x, over=n, keepdim=true)

fn dropped(x: [b n D]) -> [b D]:
    return mean(x, over=n, keepdim=false)

fn index_kept(x: [b D]) -> [b 1] Index[D]:
    return argmax(x, over=D, keepdim=true)

fn declared_without(x: [b D]) -> [b]:
    return max(x, over=D, keepdim=true)  # error E0601 "returns [b 1] f32"

# The result's shape depends on it: a literal, and with `over=`.
fn flag(x: [b D], keep: bool) -> [b D]:
    return x / sum(x, over=D, keepdim=keep)  # error E0505 "`true` or `false` as written"

fn everything(x: [b D]) -> [] f32:
    return sum(x, keepdim=true)  # error E0502 "`sum` with `keepdim=true` needs its argument `over`"

fn not_a_flag(x: [b D]) -> [b D]:
    return x / sum(x, over=D, keepdim=1)  # error E0505 "keepdim"
