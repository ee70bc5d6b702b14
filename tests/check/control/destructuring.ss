# Names on the left take the parts of a tuple; a tensor isn't one (Python
# would unpack its first axis), nor a model.
dim D = 4

model M:
    w: [D D] = zeros

fn split(w: [n]) -> [n]:
    a, b = w  # error E0506 "2 names on the left, but the value has no parts: [n], not a tuple"
    return a

fn of_a_model(m: M) -> [D D]:
    w, v = m  # error E0506 "M, not a tuple"
    return w
