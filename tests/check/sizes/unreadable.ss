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
