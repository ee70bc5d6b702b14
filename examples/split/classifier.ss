# A sequence classifier made of the same blocks, bidirectional, mean-pooled.
from layers import D, Block, block

dim V = 96  # vocabulary
dim C = 5  # classes

model Classifier:
    embed: [V D] = normal(0.02)
    body: Block
    head: [C D] = normal(0.02)

fn logits(m: Classifier, ids: [b n] Index[V]) -> [b C] Logit over C:
    x = block(m.body, embedding(ids, m.embed))
    return mean(x, over=n) |> linear(m.head)
