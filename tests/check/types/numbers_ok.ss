# The same operations, where what Python computes is what is declared.
fn added(a: bool, b: bool) -> int:
    return a + b

fn both(a: bool, b: bool) -> bool:
    return a & b

fn squared(k: int) -> int:
    return k ** 2

fn inverse(k: int) -> float:
    return k ** -1

fn halved(k: int) -> float:
    k /= 2
    return k

fn root() -> float:
    return sqrt(4) + abs(-2)

fn counts(k: int) -> int:
    return abs(k) + k // 2 + k % 3

fn smallest() -> int:
    return -9223372036854775808

fn largest() -> int:
    return 9223372036854775807
