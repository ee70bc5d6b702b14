# Where paths meet, a local has one type (E0607): after an `if`, each
# branch starts from the locals before it; a loop's next pass starts from
# what the last one left.
dim D = 4
dim E = 4
dim H = 8

fn maybe_transposed(x: [D E], flag: bool) -> [E D]:
    y = x
    if flag:
        y = einsum(x: D E -> E D)
    return y  # error E0607 "`y` is [E D] f32 (= [4 4]) on one path and [D E] f32 (= [4 4]) on another through this `if`"

fn each_branch(x: [D E], flag: bool) -> [E D]:
    if flag:
        y = einsum(x: D E -> E D)
    else:
        y = x
    return y  # error E0607 "`y`"

fn decode(h0: [b H], w_o: [H D], steps: int) -> [b D]:
    h = h0
    out = h0 @ w_o
    for s in 0..steps:
        out = h @ w_o
        h = tanh(out)  # error E0607 "`h` is [b H] f32 (= [b 8]) on one path and [b D] f32 (= [b 4]) on another through this loop"
    return out

fn halved(y: [n] i64, k: int) -> [n] f32:
    for i in 0..k:
        y = y / 2  # error E0607 "`y` is [n] i64 on one path and [n] f32 on another"
    return y

fn not_seen_by_the_next_branch(x: [D E], flag: bool) -> [D E]:
    if flag:
        z = x
    elif flag:
        w = z  # error E0105 "`z` is used before it is assigned"
    return x

# The second pass computes with the sizes the first left: checked too.
fn grown_then_added(cache: [b m D], new: [b 1 D], steps: int) -> [b m D]:
    c = cache
    for s in 0..steps:
        y = c + cache  # error E0410 "axis `m` is m on one side and ?m on the other"
        c = cat(c, new, over=m)
    return cache

# After the loop the size is one only the run knows, `?m`: not `?m + 1`,
# which would read as one more than something the program knows.
fn grown(cache: [b m D], new: [b 1 D], steps: int) -> [b m D]:
    c = cache
    for s in 0..steps:
        c = cat(c, new, over=m)
    return c  # error E0601 "but this returns [b ?m D] f32 (= [b ?m 4])"
