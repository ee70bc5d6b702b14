# Sizes: alignment by name, `@`, `as`, indexing.
dim D = 64
dim E = 32

fn align(x: [b D], y: [b E]) -> [b D]:
    return x + y  # error E0410 "has no axis `E`"

fn sizes(x: [n 64], y: [n 65]) -> [n 64]:
    return x + y  # error E0410

# A name written twice aligns with two axes of that name: `x` has one `D`.
fn twice(x: [b n D], y: [b D D]) -> [b n D]:
    return x * y  # error E0410 "has fewer axes `D`"

fn product(x: [b 64], w: [32 10]) -> [b 10]:
    return x @ w  # error E0411 "= 64"

fn impossible(x: [n 64]) -> [n 8 8]:
    return x as [n 8 8]  # error E0416 "2 axes"

fn index(x: [n D]) -> [n]:
    return x[T: 0]  # error E0417 "named `T`"

fn negate(x: [n]) -> [n] Mask:
    return !x  # error E0418 "a Mask"

fn list_plus(x: [n], keep: [n] Mask) -> [?k]:
    return [keep] + x[keep]  # error E0418 "found a list"

fn tuple_times(x: [n]) -> [n]:
    return (x, x) * 2.0  # error E0418 "found a tuple"
