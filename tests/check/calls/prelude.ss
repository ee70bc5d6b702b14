# Calls to the prelude's built-ins.
dim D = 64

fn shapes(x: [b n D]) -> [b D]:
    return x |> gelu |> dropout(0.1, Eval)  # error E0601 "returns [b D]"

fn axis_name(scores: [b n m]) -> [b n m]:
    return scores |> softmax(over=V)  # error E0419 "`V`"

fn foreign_mask(att: [b H n m], mask: [n k] Mask) -> [b H n m]:
    return att |> masked_fill(mask, -inf)  # error E0504 "`k` does not"

fn attention(att: [b H n m], v: [b H m Dh]) -> [b H n Dh]:
    weights = att |> masked_fill(!causal[n m], -inf) |> softmax(over=m)
    return einsum(weights, v: b H m n, b H m Dh -> b H n Dh)  # error E0408 "`m` is axis 4"

dim V = 100
dim F = 32

fn layers(ids: [b n] Index[V], table: [V D], w: [F D], norm: [F]) -> [b n F]:
    x = embedding(ids, table) |> linear(w)
    y = x |> rms_norm(over=F, weight=norm, eps=1e-5)
    z = x |> layer_norm(over=F, weight=table)  # error E0504 "the size of the axis normalised over"
    return linear(x, w)  # error E0504 "must be [_ F] (= [_ 32]), a row per output and a column per element of x's last axis; its axis `D` is 64"

fn linear_bias(x: [b D], w: [F D], wrong: [D]) -> [b F]:
    return linear(x, w, wrong)  # error E0504 "bias"

fn gelu_mode(x: [b D]) -> [b D]:
    return gelu(x, approximate=3)  # error E0505 "approximate"
