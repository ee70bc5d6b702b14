# `@` and einsum multiply tensors of one element type, as torch's matrix
# products do (E0418); an Index is stored as i64 and a distribution as f32.
fn ints(a: [n m] f32, b: [m k] i64) -> [n k] f32:
    return a @ b  # error E0418 "`@` takes two tensors of one element type, as torch's matrix product does; found [n m] f32 and [m k] i64"

fn wider(a: [n m] f32, b: [m k] f64) -> [n k] f32:
    return a @ b  # error E0418 "found [n m] f32 and [m k] f64"

fn summed(a: [n m] f32, b: [m k] Mask) -> [n k] f32:
    return einsum(a, b: n m, m k -> n k)  # error E0418 "`einsum` takes tensors of one element type, as torch's does; found [n m] f32 and [m k] Mask"

fn indices(a: [n m] Index[m], b: [m k] i64) -> [n k] i64:
    return a @ b

fn weighted(p: [n m] Prob over m, v: [m k]) -> [n k] f32:
    return p @ v

fn mixed(p: [n m] Prob over m, v: [m k]) -> [n k] f32:
    return einsum(p, v: n m, m k -> n k)
