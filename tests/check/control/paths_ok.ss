# Paths that meet with one type: the same type on each, numbers with
# numbers and tensors without axes, a local a loop doesn't change.
dim D = 4

fn same_type(x: [n D], flag: bool) -> [n D]:
    y = x
    if flag:
        y = gelu(x)
    return y

fn counted(x: [n], k: int) -> [] f32:
    total = 0.0
    count = 0
    for i in 0..k:
        total = total + sum(x)
        count = count + 1
    return total / (count + 1)

fn reassigned_in_the_loop(x: [n D], k: int) -> [n D]:
    h = x
    for i in 0..k:
        h = tanh(h) + x
    return h

fn branches_alone(x: [n D], flag: bool) -> [n D]:
    if flag:
        z = x * 2.0
        return z
    z = x
    return z

# Other sizes on other paths: known only at run time after they meet.
fn grown(cache: [b m D], new: [b 1 D], steps: int) -> [b ?k D]:
    c = cache
    for s in 0..steps:
        c = cat(c, new, over=m)
    return c

fn cut(x: [b n D], flag: bool) -> [] f32:
    y = x
    if flag:
        y = x[n: 0..2] as [b 2 D]
    return sum(y)
