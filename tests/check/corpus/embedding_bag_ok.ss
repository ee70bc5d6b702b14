# A bag-of-words classifier (fastText style): the mean of the word and
# bigram embeddings of a padded document, then a linear layer.
dim V = 20000
dim B = 50000     # hashed bigrams
dim D = 64
dim C = 4

model FastText:
    words:   [V D] = uniform(-0.05, 0.05)
    bigrams: [B D] = uniform(-0.05, 0.05)
    out:     [D C] = zeros

fn bag(table: [N D], ids: [b n] Index[N], keep: [b n] Mask) -> [b D]:
    e = embedding(ids, table) |> masked_fill(!keep, 0.0)
    return sum(e, over=n) / sum(keep, over=n)

fn classify(m: FastText, ws: [b n] Index[V], wkeep: [b n] Mask, bs: [b k] Index[B], bkeep: [b k] Mask) -> [b C] Logit over C:
    doc = (bag(m.words, ws, wkeep) + bag(m.bigrams, bs, bkeep)) / 2.0
    return doc @ m.out
