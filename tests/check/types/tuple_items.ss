# What a value holds, as what made it says: a tuple's item at a written
# position has that item's type (the gradients value_and_grad gives are no
# tensor to index; a position past the end is Python's IndexError, said
# here, E0417), and a checkpoint has no fields until `as` types it.
model M:
    w: [4] = zeros

fn loss(m: M, x: [4]) -> [] f32:
    return sum(m.w * x)

fn step(mut m: M, mut opt: Optimizer[M], x: [4]):
    update(m, opt, value_and_grad(loss, m, x)[1][0])  # error E0417 "found gradients of M"

fn pair(x: [4]) -> ([4], [2]):
    return x, x[0..2]

fn items(x: [4]) -> [2]:
    a = pair(x)[-1]
    b = pair(x)[2]  # error E0417 "which has 2"
    c = pair(x)[-3]  # error E0417 "which has 2"
    return a + pair(x)[1] + pair(x)[-0][2..4]

# A checkpoint has no fields until `as` types it (E0106).
fn restored() -> [4]:
    return load("m.safetensors").w  # error E0106 "typed with `as` first"

# A list's items all of one kind of number (or strings) are that kind when
# taken: an int is no tensor to index (E0417), and a slice is a list of them.
fn list_items(x: [n], i: int) -> [n]:
    a = [1, 2][0][0]  # error E0417 "found int"
    b = [0.5, 1.5][1..2][0][0]  # error E0417 "found float"
    c = ["a", "b"][i] * 2.0  # error E0418
    mixed = [1, 2.0][0]
    return x * [1, 2][i] * [0.5, 1.5][0] + mixed
