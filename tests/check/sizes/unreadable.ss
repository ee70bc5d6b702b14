# A generic axis used as a number must be read off a shape that has it alone.
dim C = 16

fn windows(x: [b (nh W) (nw W) C]) -> [(b nh nw) (W W) C]:
    return x |> rearrange(b (nh wh) (nw ww) c -> (b nh nw) (wh ww) c, wh=W, ww=W)  # error E0422 "`W` is used as a number, but no argument's shape gives it alone: `x`'s axis `(nh W)` tells only its product with other sizes", error E0422 "`W`"

fn doubled(x: [b (nh W) C]) -> int:
    return W * 2  # error E0422 "`W`"

fn positions(x: [b (nh W) C]) -> [W] i64:
    return arange(0, W)  # error E0422 "`W`"

fn cut(x: [(nh W) C]) -> [?k C]:
    return x[0..W]  # error E0422 "`W`"

# A causal mask's axis that only a value inside the expression has: no
# shape of a parameter or a local gives its size to the generated code.
fn local_keys(x: [b n C]) -> [b n C]:
    att = einsum(x, x[n: 0..4] as [b m C]: b n C, b m C -> b n m) |> masked_fill(!causal[n m], -inf)  # error E0422 "`m` is used as a number, but no argument's shape gives it alone: no parameter or local has an axis"
    return einsum(softmax(att, over=m), x[n: 0..4] as [b m C]: b n m, b m C -> b n C)
