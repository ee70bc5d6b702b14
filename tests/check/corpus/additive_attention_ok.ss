# Bahdanau's additive attention in a seq2seq decoder step: the query's
# projection broadcast against every key's (a `1` in the query's place),
# a tanh, a score per source position, the padded source masked out.
dim H = 32       # hidden size
dim A = 16       # attention size

model Additive:
    w_q: [H A] = normal(0.1)
    w_k: [H A] = normal(0.1)
    v: [A] = normal(0.1)

fn attend(m: Additive, query: [b H], keys: [b s H], valid: [b s] Mask) -> ([b H], [b s] Prob over s):
    q = rearrange(query @ m.w_q: b A -> b 1 A)
    energy = tanh(q + keys @ m.w_k)
    scores = sum(energy * m.v, over=A) |> masked_fill(!valid, -inf)
    weights = softmax(scores, over=s)
    context = einsum(weights, keys: b s, b s H -> b H)
    return context, weights
