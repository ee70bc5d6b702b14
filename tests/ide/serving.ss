# Hovers of the serving analysis (server/analysis/serving.cpp): the name of
# an exported function that takes a model first says whether vLLM and
# llama.cpp can serve it, and if not, the first rule it breaks.
dim V = 64
dim D = 32
dim H = 2
dim Dh = D / H

model Lm:
    embed: [V D] = normal(0.02)
    wqkv: [3*D D] = normal(0.02)
    out: [V D] = normal(0.02)

fn attend(m: Lm, x: [b n D]) -> [b n D]:
    q, k, v = x |> linear(m.wqkv) |> split(b n (3 H Dh) -> b H n Dh)
    att = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
    return x + (att |> rearrange(b H n Dh -> b n (H Dh)))

export fn forward(m: Lm, ids: [b n] Index[V]) -> [b n V]:
#         ^ hover "Servable: vLLM and llama.cpp can run it"
    return attend(m, embedding(ids, m.embed)) |> linear(m.out)

export fn pooled(m: Lm, ids: [b n] Index[V]) -> [b n V]:
#         ^ hover "Not servable by vLLM or llama.cpp (E3304): `mean` works across the sequence axis `n`"
    x = attend(m, embedding(ids, m.embed))
    return x - mean(x, over=n) |> linear(m.out)
