# Sizes are exact integers: arithmetic past 64 bits, the quotient
# -2^63 / -1 and negative sizes are errors, never wrapped values.
dim D = 4

# A product past 2^63 used to wrap to 0, accepting a [0] tensor.
fn wraps(x: [n * 9223372036854775807 * 2]) -> [n]:  # error E0402 col=14 "a value too large for a size"
    return x

# -2^63 / -1 doesn't fit: checking it used to kill the checker (SIGFPE).
dim Q = (0 - 9223372036854775807 - 1) / (0 - 1)  # error E0402 col=9 "a value too large for a size"

# Negating -2^63 doesn't fit either.
dim R = -(0 - 9223372036854775807 - 1)  # error E0402 col=9 "a value too large for a size"

# The same quotient in a type.
fn quotient(x: [(0 - 9223372036854775807 - 1) / (0 - 1)]) -> [3]:  # error E0402 col=17
    return x

# A constant size below 0.
fn negative(x: [0 - 3]) -> [3]:  # error E0420 col=17 "size `0 - 3` is -3"
    return x

# A dim that makes a size negative.
fn from_dim(x: [D - 10]) -> [3]:  # error E0420 col=17 "size `D - 10` is -6"
    return x

# A call puts its arguments' sizes in the return type: [n - 3] with n = 2
# is -1, and [n * 2^62] with n = 4 is past 2^63.
fn shorter(x: [n]) -> [n - 3]:
    return x as [n - 3]

fn scaled(x: [n]) -> [n * 4611686018427387904]:
    return x as [n * 4611686018427387904]

fn too_short(y: [2]) -> [3]:
    return shorter(y)  # error E0420 col=12 "size `n - 3` is -1"

fn too_large(y: [4]) -> [3]:
    return scaled(y)  # error E0402 col=12 "a value too large for a size (scaled(y))"

# arange's size is its end minus its start: an end before the start, or
# ends 2^64 apart, have no size.
fn backwards() -> [7] i64:
    return arange(10, 3)  # error E0420 col=19 "size `arange(10, 3)` is -7"

fn far_apart() -> [3] i64:
    return arange(0 - 9223372036854775807, 9223372036854775807)  # error E0402 col=19 "too large for a size"
