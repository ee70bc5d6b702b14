# An axis written `1` broadcasts by place, as torch broadcasts it: it
# stands for the other operand's axis there (docs/types.md, "Function
# bodies"); tests/codegen/test_broadcast_units.py runs these against torch.
dim C = 16
dim D = 8

fn excite(x: [b C h w], g: [b C]) -> [b C h w]:
    return x * rearrange(g: b C -> b C 1 1)

fn weigh(w: [r s], rgb: [r s 3]) -> [r 3]:
    return sum(rearrange(w: r s -> r s 1) * rgb, over=s)

fn outer(c: [b], v: [D]) -> [b D]:
    return rearrange(c: b -> b 1) * v

fn distances(i: [n], j: [m]) -> [n m]:
    return rearrange(i: n -> n 1) - rearrange(j: m -> 1 m)

fn bias_row(x: [b n D], bias: [1 D]) -> [b n D]:
    return x + bias

fn near(i: [n], j: [m]) -> [n m] Mask:
    return abs(rearrange(i: n -> n 1) - rearrange(j: m -> 1 m)) < 2.0

# A `1` is never moved to another place by name: `[n n]`, as in torch.
fn all_pairs(a: [n], b: [n]) -> [n n]:
    return rearrange(a: n -> n 1) + rearrange(b: n -> 1 n)

fn grow_other(x: [n m], y: [1 m]) -> [n m]:
    z = x
    z += y
    return z

# `masked_fill` and `where` broadcast their arguments so too.
fn key_mask(scores: [b n m], keep: [b m] Mask) -> [b n m]:
    return masked_fill(scores, !rearrange(keep: b m -> b 1 m), -inf) |> softmax(over=m)

fn choose(c: [n 1] Mask, a: [1 m], z: [n m]) -> [n m]:
    return where(c, a, z)

fn choose_wider(c: [n 1] Mask, a: [1 m]) -> [n m]:
    return where(c, a, 0.0)

# GroupNorm's affine step: `(g c)` is C's size, in C's place.
fn group_affine(x: [b C h w], weight: [C]) -> [b C h w]:
    y = x |> rearrange(b (g c) h w -> b g c h w, g=4) |> rearrange(b g c h w -> b (g c) h w)
    return y * rearrange(weight: C -> C 1 1)

fn widen_fill(x: [n 1], mask: [1 m] Mask) -> [n m]:
    return masked_fill(x, mask, 0.0)

# With fewer axes on one side, names align first: a `keepdim` sum times a
# weight per example is `[b 1]`, never torch's `[b b]`.
fn weighted_total(x: [b D], w: [b]) -> [b 1]:
    return sum(x, over=D, keepdim=true) * w

# Through padding (test_broadcast_units.py): `1`s beside padded axes.
fn pairwise(x: [n D], y: [m D]) -> [n m]:
    return sum((rearrange(x: n D -> n 1 D) - rearrange(y: m D -> 1 m D)) ** 2, over=D)

fn attend(x: [n D], y: [m D]) -> [n D]:
    w = softmax(-pairwise(x, y), over=m)
    return einsum(w, y: n m, m D -> n D)

# A group `..s` lines up with itself, in the same place on both sides.
fn share_grouped(x: [..s D]) -> [..s D]:
    return x / sum(x, over=D, keepdim=true)

fn centered_grouped(x: [..s n D]) -> [..s n D]:
    return x - mean(x, over=n, keepdim=true)
