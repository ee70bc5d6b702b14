# What torch's promotion gives is what must be declared.
fn still_ints(i: [n] i64) -> [n] i64:
    return i * 2.0  # error E0601 "returns [n] i64"

fn divided(i: [n] i64) -> [n] i64:
    return i / 2  # error E0601 "returns [n] i64"

fn narrowed(a: [n] f16, b: [n] f64) -> [n] f16:
    return a + b  # error E0601 "f64"

fn not_a_mask(keep: [b n] Mask) -> [b] Mask:
    return sum(keep, over=n)  # error E0601 "i64"
