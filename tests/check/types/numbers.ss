# Numbers are typed as Python computes them (docs/types.md), and literals
# that Python or torch would refuse at run time are refused here.
fn added(a: bool, b: bool) -> bool:
    return a + b  # error E0601 "the function returns bool, but this returns int"

fn negated(a: bool) -> bool:
    return -a  # error E0601 "but this returns int"

fn inverse(k: int) -> int:
    return k ** -1  # error E0601 "the function returns int, but this returns float"

fn power_of(k: int, n: int) -> int:
    return k ** n  # error E0601 "but this returns float"

fn halved(k: int) -> int:
    k /= 2
    return k  # error E0601 "the function returns int, but this returns float"

fn root() -> [] f32:
    return sqrt(4)  # error E0601 "the function returns [] f32, but this returns float"

fn halved_tensor(x: [n] i64) -> [n] i64:
    x /= 2
    return x  # error E0601 "the function returns [n] i64, but this returns [n] f32"

fn widened(x: [n] f16, y: [n] f32) -> [n] f16:
    x += y
    return x  # error E0601 "but this returns [n] f32"

model Counts:
    c: [4] i64 = zeros

fn halved_field(mut m: Counts):
    m.c /= 2  # error E0418 "of the field [4] i64 takes a result of its own element type (the field is set in place)"

fn by_zero(k: int) -> int:
    return k // 0  # error E0308 "`k // 0` is a division by zero"

fn by_zero_float(x: [n]) -> [n]:
    x /= 0.0  # error E0308 "`x /= 0.0` is a division by zero"
    return x

fn too_big() -> int:
    return 9223372036854775808  # error E0307 "doesn't fit in 64 bits"
