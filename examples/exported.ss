# Functions to export with `shapescript export exported.ss --fn NAME`
# (docs/export.md): each .pt2 runs wherever torch does, without ShapeScript,
# for every size its signature allows.
dim N = 196  # the patches of a 224x224 image, 16x16 pixels each
dim D = 768  # a patch's values: 3 colours x 16 x 16

# The rows with a value that isn't 0: as many as the data says (`?k`).
fn nonempty_rows(x: [n D]) -> [?k D]:
    return x[sum(abs(x), over=D) > 0.0]

# The first image's patches, each of which must hold a value that isn't 0:
# the exported program checks the `as` when it runs (RuntimeError).
export fn first_image_patches(tokens: [b N D]) -> [N D]:
    return nonempty_rows(tokens[0]) as [N D]

# Rows scaled down together when their norm is over `limit`: an `if` on a
# `[] Mask`, which the exported program decides as it runs (torch.cond).
export fn clip_norm_to(x: [n D], limit: float = 10.0) -> [n D]:
    norm = sqrt(sum(sum(x * x, over=D), over=n))
    y = x
    if norm > limit:
        y = x * (limit / norm)
    return y

# A recurrent cell over a sequence of any length: a loop to a dynamic size
# (torch.while_loop), its state carried from step to step.
export fn recurrent_state(x: [n D], w: [D D]) -> [D]:
    h = x[0] * 0.0
    for t in 0..n:
        h = tanh(h @ w + x[t])
    return h
