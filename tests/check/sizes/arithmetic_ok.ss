dim D = 64
dim E = 32

fn align(x: [b n D], y: [b D], s: [] f32) -> [b n D]:
    return x * y + s * 2.0 - 1

# A name written twice keeps both places: [b n n] + [n n] is [b n n].
fn square(y: [b n n], x: [n n]) -> [b n n]:
    return y + x

fn product(x: [b D], w: [D E], v: [E]) -> [b]:
    return x @ w @ v

fn assert_shape(x: [n 64]) -> [n 64]:
    return x as [n 64]

fn index(x: [n D], i: int) -> [4 D]:
    row = x[i]
    cols = x[D: 0..32]
    return x[0..4]

fn masks(x: [n], y: [n]) -> [n] Mask:
    return !(x > 0) & (y < 1) | (x == y)

fn select(x: [n D], keep: [n] Mask) -> [?k D]:
    return x[keep]

fn compound(x: [16gh D], y: [(gh 16) D]) -> [16gh D]:
    return x + y
