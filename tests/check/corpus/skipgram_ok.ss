# word2vec's skip-gram with negative sampling: each centre word against
# its context word and k sampled negatives, by dot products of two tables.
dim V = 1000     # vocabulary
dim E = 64       # embedding size

model SkipGram:
    centre: [V E] = normal(0.01)
    context: [V E] = normal(0.01)

fn log_sigmoid(x: [..s]) -> [..s]:
    return -softplus(-x)

fn loss(m: SkipGram, words: [b] Index[V], contexts: [b] Index[V], negatives: [b k] Index[V]) -> [] f32:
    c = embedding(words, m.centre)
    pos = sum(c * embedding(contexts, m.context), over=E)
    neg = einsum(c, embedding(negatives, m.context): b E, b k E -> b k)
    return -mean(log_sigmoid(pos) + sum(log_sigmoid(-neg), over=k))
