# The serving analysis's facts (server/analysis/serving.hpp): an exported
# function (or one called `forward`) that takes a model first is servable,
# or breaks a rule (E3301-E3305), the first of which is said where its name
# is. A training step that takes a model has no such fact.
dim V = 64
dim D = 32
dim H = 2
dim Dh = D / H
dim L = 2
dim P = 128

model Lm:
    embed: [V D] = normal(0.02)
    wpe: [P D] = normal(0.02)
    wqkv: [L 3*D D] = normal(0.02)
    norm: [D] = ones
    out: [V D] = normal(0.02)
    out_b: [V] = zeros

fn attend(m: Lm, x: [b n D], l: int) -> [b n D]:
    q, k, v = x |> linear(m.wqkv[l]) |> split(b n (3 H Dh) -> b H n Dh)
    att = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
    return x + (att |> rearrange(b H n Dh -> b n (H Dh)))

fn mixed(m: Lm, x: [b n D], l: int) -> [b n D]:
    return attend(m, x, l) - mean(x, over=n)

export fn forward(m: Lm, ids: [b n] Index[V], pos: [b n] Index[P]) -> [b n V]:  # fact serving:servable
    x = embedding(ids, m.embed)
    for l in 0..L:
        x = attend(m, x, l)
    return x |> rms_norm(over=D, weight=m.norm, eps=1e-5) |> linear(m.out)

# Tied: the output layer is the embedding table.
export fn tied(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:servable
    x = embedding(ids, m.embed)
    return linear(attend(m, x, 0), m.embed)

export fn no_ids(m: Lm, x: [b n D]) -> [b n V]:  # fact serving:unservable "its token ids `x` are `[b n D]`"
    return attend(m, x, 0) |> linear(m.out)

export fn extra(m: Lm, ids: [b n] Index[V], t: [b] f32) -> [b n V]:  # fact serving:unservable "`t`"
    return attend(m, embedding(ids, m.embed), 0) |> linear(m.out)

export fn biased(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "the output layer has a bias"
    return attend(m, embedding(ids, m.embed), 0) |> linear(m.out, m.out_b)

export fn no_output(m: Lm, ids: [b n] Index[V]) -> [b n D]:  # fact serving:unservable "something other than `linear(h, m.W)`"
    return attend(m, embedding(ids, m.embed), 0)

export fn ids_twice(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "`ids` is read here"
    x = embedding(ids, m.embed) + embedding(ids, m.out)
    return attend(m, x, 0) |> linear(m.out)

export fn table_read(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "`m.embed` is read here"
    x = embedding(ids, m.embed)
    return attend(m, x * mean(m.embed), 0) |> linear(m.out)

export fn across(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "`mean` works across the sequence axis `n` in `mixed`"
    x = embedding(ids, m.embed)
    return mixed(m, x, 0) |> linear(m.out)

export fn counted(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "`n` used as a number works across the sequence axis `n`"
    x = embedding(ids, m.embed) + embedding(arange(0, n) as [n] Index[P], m.wpe)
    return attend(m, x, 0) |> linear(m.out)

export fn no_attention(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "runs no attention"
    return embedding(ids, m.embed) |> linear(m.out)

fn step(mut m: Lm, ids: [b n] Index[V]):
    m.norm = m.norm * 0.5
