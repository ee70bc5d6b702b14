# A field keeps its type: the value set is of the field's shape and element.
dim D = 4

model M:
    w: [D D] = zeros
    b: [D] = zeros

fn reshaped(mut m: M, v: [D]):
    m.w = v  # error E0510 "`m.w` is [D D]; the new value is [D]"

fn other_element(mut m: M, v: [D] i64):
    m.b = v  # error E0510 "`m.b` is [D]; the new value is [D] i64"
