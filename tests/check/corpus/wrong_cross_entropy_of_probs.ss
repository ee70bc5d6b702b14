# cross_entropy takes logits: a softmax before it is the classic double
# softmax mistake.
dim D = 64
dim C = 10

model Head:
    w: [D C] = normal(0.02)

fn loss(m: Head, x: [b D], y: [b] Index[C]) -> [] f32:
    p = x @ m.w |> softmax(over=C)
    return cross_entropy(p, y)  # error E0505 col=26 "Prob over C"
