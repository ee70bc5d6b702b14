# A small language model made of layers.ss's causal blocks.
import layers
from layers import D

dim V = 96  # vocabulary
dim P = 64  # longest context

model Lm:
    embed: [V D] = normal(0.02)
    pos: [P D] = normal(0.01)
    first: layers.Block
    second: layers.Block
    norm: [D] = ones

fn logits(m: Lm, ids: [b n] Index[V], pos: [b n] Index[P]) -> [b n V] Logit over V:
    x = embedding(ids, m.embed) + embedding(pos, m.pos)
    x = layers.causal_block(m.first, x)
    x = layers.causal_block(m.second, x)
    # The output projection is the embedding, transposed.
    return x |> layer_norm(over=D, weight=m.norm) |> linear(m.embed)
