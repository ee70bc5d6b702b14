# An i64 with an f32 in where, cat or stack is an f32, as torch gives it, so
# a declared i64 result is wrong (E0601).
fn chosen_mixed(keep: [n] Mask, a: [n] i64, b: [n]) -> [n] i64:
    return where(keep, a, b)  # error E0601 "this returns [n] f32"

fn joined_mixed(a: [n] i64, b: [n]) -> [n+n] i64:
    return cat(a, b, over=n)  # error E0601 "f32"

fn stacked_mixed(a: [n] i64, b: [n]) -> [2 n] i64:
    return stack(a, b, over=k)  # error E0601 "f32"

fn stacked_first(a: [n], b: [n] i64) -> [2 n] i64:
    return stack(a, b, over=k)  # error E0601 "f32"

# Arithmetic on an Index gives an i64: its values may leave `0..V`.
dim V = 10

fn negated(z: [n V], y: [n] Index[V]) -> [] f32:
    return cross_entropy(z, -y)  # error E0505 "argument `y` must be [n] Index[V] (= [n] Index[10]); found [n] i64"

fn plus_one(y: [n] Index[V]) -> [n] Index[V]:
    return y + 1  # error E0601 "this returns [n] i64"

# What torch refuses on integers and Masks, and what it makes a float.
fn inverse(x: [n] i64) -> [n] i64:
    return x ** -1  # error E0418 "`**` of an integer tensor takes a power of at least 0"

fn inverse_float(x: [n] i64) -> [n] f32:
    return x ** -1.0

fn soft_total(x: [n] i64) -> [] i64:
    return logsumexp(x, over=n)  # error E0601 "this returns [] f32"

fn floor_of_masks(m: [n] Mask, k: [n] Mask) -> [n] i64:
    return m // k  # error E0418 "`//` takes numbers; found [n] Mask"

fn power_of_masks(m: [n] Mask, k: [n] Mask) -> [n] i64:
    return m ** k  # error E0418 "`**` takes numbers"

fn rest_of_masks(m: [n] Mask, k: [n] Mask) -> [n] i64:
    return m % k  # error E0418 "`%` takes numbers"
