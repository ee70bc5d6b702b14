dim D = 64
dim Dh = 32

fn shapes(x: [b n D] f16, mode: Mode) -> [b n D] f16:
    return x |> gelu |> silu |> dropout(0.1, mode) |> scale(1 / sqrt(Dh))

fn attention(att: [b H n m], v: [b H m Dh]) -> [b H n Dh]:
    weights = att |> masked_fill(!causal[n m], -inf) |> softmax(over=m)
    return einsum(weights, v: b H n m, b H m Dh -> b H n Dh)

fn choose(c: [n] Mask, a: [n], b: [n]) -> [n]:
    return where(c, a, b) + tanh(a) * sigmoid(b) - exp(a) + abs(b) + relu(a) + sin(a) * cos(b)
