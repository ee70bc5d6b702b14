# Variadic groups used as the same group: returned, combined with their own
# group, broadcast against fewer axes, passed on to other functions.
dim D = 8

fn same(x: [..s D]) -> [..s D]:
    return x

fn bias(x: [..s D], b: [D]) -> [..s D]:
    return x + b

fn both(x: [..s D], y: [..s D]) -> [..s D]:
    return x * y |> gelu

fn passed_on(x: [..s D], b: [D]) -> [..s D]:
    return bias(same(x), b)

fn concrete(x: [b n D], w: [D]) -> [b n D]:
    return bias(x, w)

# Laid out by indexing beside the group: `y[..., None, :]`, `s[..., None]`.
fn beside(x: [..s D D], y: [..s D]) -> [..s D D]:
    return x * y

fn scaled(x: [..s D], s: [..s]) -> [..s D]:
    return x / s

# A call whose parameter is just a group keeps the argument's axes, its
# group among them: `over=D` finds D in the result, and the module builds.
fn softmax_of_exp(x: [..s D]) -> [..s D]:
    return exp(x) |> softmax(over=D)

fn mean_of_tanh(x: [..s D]) -> [..s]:
    y = tanh(x)
    return mean(y, over=D)

# A parameter with axes beside its group takes them from the ends of a
# grouped argument, its group the rest (`..s` is `..t`, or `b ..t`), so
# the result has them too and `over=D` finds D in it.
fn norm(x: [..s D]) -> [..s D]:
    return x / sum(x, over=D)

fn last(x: [..s n]) -> [..s]:
    return sum(x, over=n)

fn called_with_groups(x: [..t D], z: [b ..t D]) -> ([..t], [b ..t D], [..t D], [..t]):
    return sum(norm(x), over=D), norm(z), both(x, x), last(x)
