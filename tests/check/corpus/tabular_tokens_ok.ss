# An FT-Transformer's feature tokenizer: each numeric feature scales its
# own learned vector, each categorical one looks its value up, a CLS token
# goes first, then one attention layer and a head on the CLS token.
dim F = 6        # numeric features
dim K = 3        # categorical features
dim V = 20       # values of each categorical feature
dim KV = K*V     # one table for all of them, each feature at its offset
dim D = 32
dim C = 2

model Tokenizer:
    num_w: [F D] = normal(0.1)
    num_b: [F D] = zeros
    cat_table: [KV D] = normal(0.1)
    cls: [D] = normal(0.1)
    w_qkv: [D 3*D] = normal(0.05)
    head: [D C] = normal(0.05)

fn tokens(m: Tokenizer, numeric: [b F], categories: [b K] Index[KV]) -> [b 1+F+K D]:
    num = rearrange(numeric: b F -> b F 1) * m.num_w + m.num_b
    cats = embedding(categories, m.cat_table)
    cls = repeat(m.cls: D -> b 1 D, b=b)
    return cat(cls, num, cats, over=F) as [b 1+F+K D]

fn classify(m: Tokenizer, numeric: [b F], categories: [b K] Index[KV]) -> [b C] Logit over C:
    x = tokens(m, numeric, categories)
    q, k, v = x @ m.w_qkv |> split(b t (3 D) -> b t D)
    att = softmax(einsum(q, k: b t D, b u D -> b t u) / sqrt(32.0), over=u)
    h = x + einsum(att, v: b t u, b u D -> b t D)
    return h[t: 0] @ m.head
