# clamp, minimum and maximum, and the rounding functions: elementwise, as
# torch's. minimum's two values align by name like where's; a number has
# no rsqrt, floor, ceil or round in torch.
fn bounds(x: [b n], y: [n], z: [m], k: float) -> [b n]:
    low = minimum(x, y) + maximum(y, x) + clamp(x, max=k)
    wrong = minimum(x, z)  # error E0504 "argument `b` must be a tensor whose axes align by name with [b n]"
    r = rsqrt(k)  # error E0505 "argument `x` must be [...] of any float type; found float"
    return low + floor(x) + ceil(x) + round(x) + log1p(k)

fn kinds(h: [n] f16, y: [n]) -> [n] f16:
    return minimum(h, y)  # error E0601
