# Returns and conditions.
dim D = 64
dim E = 32

model M:
    w: [4] = zeros

fn wrong_shape(x: [b D], w: [D E]) -> [b D]:
    return x @ w  # error E0601 "returns [b D]"

fn nothing(x: [n]) -> [n]:
    return  # error E0601 "nothing"

fn condition(x: [n]) -> [n]:
    if x > 0:  # error E0603 "[n] Mask"
        return x
    return x

fn frozen(m: M, w: [4]):
    m.w = w  # error E0507 "not `mut`"

dim F = 4

model Net:
    w: [F] = zeros

fn loss_of(m: Net, x: [F]) -> [] f32:
    return sum(x * m.w)

fn step(m: Net, mut opt: Optimizer[Net], x: [F]) -> [] f32:
    l, grads = value_and_grad(loss_of, m, x)
    update(m, opt, grads |> clip_norm(1.0))  # error E0507 "`update` changes the fields of `m`"
    return l

fn falls_off(x: [n], flag: bool) -> [n]:  # error E0602 "ends without a return"
    if flag:
        return x
    y = x

fn swapped_tuple(x: [n D], y: [n]) -> ([n D], [n]):
    return y, x  # error E0601 "returns ([n D] f32, [n] f32) (= ([n 64], [n])), but this returns ([n] f32, [n D] f32) (= ([n], [n 64]))"

fn short_tuple(x: [n D], y: [n]) -> ([n D], [n]):
    return x, y, y  # error E0601 "returns ([n D] f32, [n] f32) (= ([n 64], [n]))"

# Without a return type, a value on some paths and None on others (E0606).
fn sometimes(x: [n], flag: bool):  # error E0606 "`sometimes` returns a value on other paths, but the end of its body gives Python's None"
    if flag:
        return x * 2.0

fn bare(x: [n], flag: bool):
    if flag:
        return  # error E0606 "this bare `return` gives Python's None"
    return x

fn found(x: [n], k: int):  # error E0606 "the end of its body"
    for i in 0..k:
        if i > 2:
            return i

# Without a return type, every `return` gives the kind its first one gives:
# a caller would hand a number or a string to what takes a tensor.
fn tensor_or_number(x: [n]):
    if sum(x) > 0.0:
        return x * 2.0
    return 2.0  # error E0601 "the function returns [n] f32 (its first `return` gives that, and no return type is declared), but this returns float"

fn number_or_string(k: int):
    if k > 0:
        return k
    elif k < 0:
        return "negative"  # error E0601 "but this returns str"
    return 0.5
