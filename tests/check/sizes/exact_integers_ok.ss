# Sizes near the limits, and negative parts of sizes that are not negative.
dim D = 4
dim Q = (0 - 9223372036854775807) / (0 - 1)

fn parts(x: [n + (0 - 3)]) -> [n - 3]:
    return x

fn from_dim(x: [10 - D]) -> [6]:
    return x

fn big(x: [n * 4611686018427387903 * 2]) -> [n * 9223372036854775806]:
    return x

fn empty(x: [D - 4]) -> [0]:
    return x

fn largest(x: [Q]) -> [9223372036854775807]:
    return x

fn shorter(x: [n]) -> [n - 3]:
    return x as [n - 3]

fn scaled(x: [n]) -> [n * 4611686018427387904]:
    return x as [n * 4611686018427387904]

fn long_enough(y: [5]) -> [2]:
    return shorter(y)

fn just_fits(y: [1]) -> [4611686018427387904]:
    return scaled(y)

fn forwards() -> [7] i64:
    return arange(3, 10)

fn empty_range() -> [0] i64:
    return arange(3, 3)
