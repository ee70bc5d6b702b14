# value_and_grad differentiates a 0-d tensor: a loss that returns nothing
# or a number is E0505 where it is named, not a ValueError at run time.
dim V = 8

model M:
    w: [V] = normal(0.1)

fn halve(mut m: M, x: [V]):
    m.w = m.w * 0.5 + x

fn number(m: M, x: [V]) -> float:
    return 1.0

fn rows(m: M, x: [V]) -> [V]:
    return m.w * x

fn loss(m: M, x: [V]) -> [] f32:
    return sum(m.w * x)

fn untyped(m: M, x: [V]):
    return sum(m.w * x)

fn nothing(mut m: M, x: [V]) -> [] f32:
    l, g = value_and_grad(halve, m, x)  # error E0505 "a function giving a `[] f32`; found one that returns nothing"
    return l

fn a_float(mut m: M, x: [V]) -> [] f32:
    l, g = value_and_grad(number, m, x)  # error E0505 "found one giving float"
    return l

fn with_axes(mut m: M, x: [V]) -> [] f32:
    l, g = value_and_grad(rows, m, x)  # error E0505 "found one giving [V] f32"
    return l

fn fine(mut m: M, x: [V]) -> [] f32:
    l, g = value_and_grad(loss, m, x)
    return l

# A fn that declares no return type but returns a value: the run checks it.
fn unknown(mut m: M, x: [V]):
    l, g = value_and_grad(untyped, m, x)
    return l
