# Names, items and dims: each mistake once, and nothing cascades from it.
dim D = 768
dim H = 12
dim Dh = D / H
dim Width = 64
dim W2 = Widht * 2  # error E0102 "did you mean `Width`"
dim D = 512         # error E0101 "already defined, as a dim"
dim A = B + 1
dim B = A * 2       # error E0104 "A -> B -> A"
dim Bad = 7 / 2     # error E0401 "7 is not a multiple of 2"
dim UsesBad = Bad * 2
dim Neg = 2 - 3     # error E0403 "evaluates to -1"
dim Call = max(1, 2)  # error E0402

model Mlp:
    w: [D D] = zeros
    w: [D H] = zeros  # error E0101 "a field of model `Mlp`"

dim FromModel = Mlp  # error E0103 "is a model"

fn as_type(x: D) -> [D]:  # error E0103 "is a dim, but a type"
    return x

fn twice(x: [n], x: [n]) -> [n]:  # error E0101 "a parameter of `twice`"
    return x

devices cuda, gpu:1, cpu*0  # error E0107 "its index", error E0107 "did you mean", error E0107 "has no workers"

model axis:  # error E0101 "`axis` is already defined, as a built-in type"
    w: [4] = zeros

data Mask:  # error E0101 "as a built-in type"
    x: [4]
