# Names on the left take the parts of a tuple; a tensor isn't one (Python
# would unpack its first axis), nor a model.
dim D = 4

model M:
    w: [D D] = zeros

fn split(w: [n]) -> [n]:
    a, b = w  # error E0506 "2 names on the left, but the value has no parts: [n] f32, not a tuple"
    return a

fn of_a_model(m: M) -> [D D]:
    w, v = m  # error E0506 "M, not a tuple"
    return w

fn loss(m: M, x: [n D]) -> [] f32:
    return mean(x @ m.w)

fn no_loss(m: M, x: [n D]) -> [] f32:
    l, grads = value_and_grad(m, x)  # error E0505 "the loss` must be the name of a function of this file; found M"
    return l

fn model_as_loss(m: M, x: [n D]) -> [] f32:
    l, grads = value_and_grad(M, m, x)  # error E0103 "`M` is a model, but a value is expected here"
    return l

# A range counts ints and data gives records, one at a time: nothing to
# unpack into two names.
data Row:
    x: [D]

fn counted(n: int, train: Dataset[Row]):
    for i, mode in 0..n:  # error E0506 "2 names on the left, but the value has no parts: `for` over a range gives one int at a time"
        print(i)
    for batch, rest in train |> batches(2):  # error E0506 "`for` over data gives one record at a time"
        print(batch.x)
