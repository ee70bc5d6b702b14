dim D = 64
dim Dh = 32

fn shapes(x: [b n D] f16, mode: Mode) -> [b n D] f16:
    return x |> gelu |> silu |> dropout(0.1, mode) |> scale(1 / sqrt(Dh))

fn attention(att: [b H n m], v: [b H m Dh]) -> [b H n Dh]:
    weights = att |> masked_fill(!causal[n m], -inf) |> softmax(over=m)
    return einsum(weights, v: b H n m, b H m Dh -> b H n Dh)

fn choose(c: [n] Mask, a: [n], b: [n]) -> [n]:
    return where(c, a, b) + tanh(a) * sigmoid(b) - exp(a) + abs(b) + relu(a) + sin(a) * cos(b)

dim V = 100
dim F = 16

fn layers(ids: [b n] Index[V], table: [V D], w: [F D], norm: [F], bias: [F], u: [F F]) -> [b n F]:
    x = embedding(ids, table) |> linear(w)
    y = x |> rms_norm(over=F, weight=norm, eps=1e-5) |> layer_norm(over=F, weight=norm, bias=bias)
    return y |> matmul(u)

fn torch_forms(x: [b n D], w: [D D], bias: [D]) -> [b n D]:
    y = gelu(x, approximate="tanh")
    return linear(y, w, bias) + linear(y, w, bias=bias)
