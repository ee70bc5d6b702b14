# Shape mistakes on purpose, each found before any code runs.
dim D  = 768
dim H  = 12
dim Dh = D / H

# The language sketch's example: `b H m n` runs in PyTorch (n and m have the
# same size) but calls axis 3 `m`, while `m` is axis 4 of `att` (E0408).
fn causal_attention(x: [b n D], w_qkv: [D 3*D], w_o: [D D]) -> [b n D]:
    q, k, v = x @ w_qkv
        |> split(b n (3 H Dh) -> b H n Dh)

    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)
        |> scale(1 / sqrt(Dh))
        |> masked_fill(!causal[n m], -inf)
        |> softmax(over=m)

    return einsum(att, v: b H m n, b H m Dh -> b H n Dh)
        |> rearrange(b H n Dh -> b n (H Dh))
        |> matmul(w_o)

# Axes align by name: `bias` has an axis `H` that `x` doesn't have.
fn add_bias(x: [b n D], bias: [H]) -> [b n D]:
    return x + bias

# `@` contracts the last axis of the left with the first of the right.
fn project(x: [b n D], w: [Dh D]) -> [b n D]:
    return x @ w
