# What torch does with Masks: logic, counting, masking.
fn both(k: [n] Mask, j: [n] Mask) -> [n] Mask:
    return (k & j) | !k

fn count(k: [b n] Mask) -> [b] i64:
    return sum(k, over=n)

fn masked(x: [b n], k: [b n] Mask) -> [b n]:
    return where(k, x, 0.0) + masked_fill(x, !k, 0.0)

fn ones_where(k: [n] Mask, x: [n]) -> [n]:
    return x * (k & true)
