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
