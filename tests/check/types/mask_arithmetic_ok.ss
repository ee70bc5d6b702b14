# What torch does with Masks: logic, counting, masking.
fn both(k: [n] Mask, j: [n] Mask) -> [n] Mask:
    return (k & j) | !k

fn count(k: [b n] Mask) -> [b] i64:
    return sum(k, over=n)

fn masked(x: [b n], k: [b n] Mask) -> [b n]:
    return where(k, x, 0.0) + masked_fill(x, !k, 0.0)

fn ones_where(k: [n] Mask, x: [n]) -> [n]:
    return x * (k & true)

# What torch takes of a Mask with numbers: `*`, `+`, and the first true
# position (argmax of its 0s and 1s).
fn counts(k: [n] Mask, x: [n]) -> [n]:
    return x * k + k * 2 + (k + 1)

fn first_true(k: [b n] Mask) -> [b] Index[n]:
    return argmax(k, over=n)
