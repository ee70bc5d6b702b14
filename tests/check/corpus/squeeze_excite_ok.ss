# Squeeze-and-excitation on conv features, then a residual.
dim C = 16
dim R = 4

model SE:
    w1: [C R] = normal(0.1)
    w2: [R C] = normal(0.1)

fn excite(m: SE, x: [b C h w]) -> [b C h w]:
    s = mean(mean(x, over=w), over=h)
    g = sigmoid(relu(s @ m.w1) @ m.w2)
    return x + x * rearrange(g: b C -> b C 1 1)
