# Elementwise arithmetic promotes as torch does: an integer tensor with a
# float is a float, whichever side it is on; the wider type wins; true
# division of integers gives floats; a comparison is a Mask.
dim D = 8

fn frequencies() -> [?k]:
    return exp(arange(0, D, 2) * (-9.21 / D))

fn float_times_ints(i: [n] i64) -> [n]:
    return 2.0 * i

fn ints_times_float(i: [n] i64) -> [n]:
    return i * 2.0

fn tensors_either_order(i: [n] i64, x: [n]) -> ([n], [n]):
    return i * x, x * i

fn widest(a: [n] f16, b: [n] f64) -> ([n] f64, [n] f64):
    return a + b, b + a

fn halves(a: [n] f16, b: [n] bf16) -> [n]:
    return a * b

fn count_ratio(keep: [b n] Mask) -> [b]:
    return sum(keep, over=n) / 2

fn counts(keep: [b n] Mask) -> [b] i64:
    return sum(keep, over=n)

fn keeps_half(x: [n] f16) -> [n] f16:
    return x * 2.0

# Arithmetic on an Index leaves its domain: a plain i64, claimed back by `as`.
fn shifted(ids: [n] Index[D]) -> [n] i64:
    return ids + 1

fn shifted_back(ids: [n] Index[D]) -> [n] Index[D]:
    return (ids + 1 - 1) as [n] Index[D]

fn masked(x: [b n], keep: [b n] Mask) -> [b n]:
    return keep * x
