# Constructors written with a type (E0513): every size known in the body,
# the arguments each takes after its type, nothing piped into one.
dim D = 8
dim V = 5

fn unknown_axis(x: [b D], mode: Mode) -> [b D]:
    return x + randn([b k], mode)  # error E0513 "`randn` needs axes whose sizes are known here (dims, the signature's axes, a batch's `b`, numbers); found `k`"

fn no_size_to_pass(x: [b D]) -> [b D]:
    return x + zeros([b ?k])  # error E0513 "found `?k`"

fn no_mode(x: [b D]) -> [b D]:
    return x + randn([b D])  # error E0513 "`randn` needs `mode` after the type, as `randn([b H], mode)`; found none"

fn no_type(x: [b D], mode: Mode) -> [b D]:
    y = zeros(x)  # error E0513 "`zeros` needs a tensor type first, as `zeros([b H])`; found none"
    return randn(x, mode)  # error E0513 "`randn` needs a tensor type first"

fn eye_of_one_axis(x: [n]) -> [n]:
    return x + eye([n])  # error E0513 "`eye` needs two axes; found 1"

fn wrong_arguments(x: [b D], mode: Mode) -> [b D]:
    a = full([b D], mode)  # error E0505 "argument `value` must be a number; found Mode"
    c = randn([b D], 0.5)  # error E0505 "argument `mode` must be a Mode"
    d = zeros([b D], 1.0)  # error E0513 "`zeros` needs no more arguments than `zeros([b H])`; found one more argument"
    return x

fn wrong_elements(x: [b D], mode: Mode) -> [b] i64:
    y = randn([b D] i64, mode)  # error E0513 "`randn` needs a float element (f32, f16, bf16, f64); found [b D] i64"
    return randint([b] f32, 0, 4, mode)  # error E0513 "`randint` needs an integer element (i64, i32, Index[V]); found [b] f32"

fn randint_without_bounds(x: [b D], mode: Mode) -> [b] i64:
    return randint([b], mode)  # error E0513 "`randint` needs its bounds"

fn randint_without_mode(x: [b D]) -> [b] Index[D]:
    return randint([b] Index[D], )  # error E0513 "`randint` needs `mode` after the type"

# Drawn from 0..V, V is a number: known here, and read off a shape.
fn randint_unknown_bound(x: [b D], mode: Mode) -> [b] i64:
    picked = randint([b] Index[bounded], mode)  # error E0513 "`randint` needs an `Index[V]` bound known here (dims, the signature's axes, numbers); found `bounded`"
    return picked

fn axis_no_shape_gives(x: [n D]) -> [n D]:
    return x + sum(x[0..3] as [m D], over=m) + zeros([m D])[0]  # error E0422 "`m` is used as a number"

fn randint_bound_no_shape_gives(x: [b D], y: [b] Index[W], mode: Mode) -> [b] Index[W]:
    return randint([b] Index[W], mode)  # error E0422 "`W` is used as a number"

fn piped(x: [b D], mode: Mode) -> [b D]:
    return mode |> randn([b D])  # error E0513 "`randn` needs its arguments in the call; found a value piped into it"

# Bounds written as numbers that leave nothing to draw from: the run would
# refuse them whatever the sizes (`high` alone draws from 0).
fn randint_empty_range(x: [b D], mode: Mode) -> [b] i64:
    a = randint([b], 2, 2, mode)  # error E0513 "`randint` needs bounds with low < high, to draw from; found 2 and 2"
    c = randint([b], 0, mode)  # error E0513 "found 0 and 0"
    return a + c + randint([b], -1, -3, mode) + randint([b], -3, -1, mode)  # error E0513 "found -1 and -3"
