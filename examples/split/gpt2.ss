# GPT-2's forward function, over the sizes, weights and block of
# gpt2_layers.ss: the same model as examples/gpt2.ss, in two files, which
# `shapescript export` makes one Hugging Face folder or GGUF file of.
import gpt2_layers
from gpt2_layers import Gpt2, V, P, D, L

export fn forward(m: Gpt2, ids: [b n] Index[V], pos: [b n] Index[P]) -> [b n V] Logit over V:
    # Positions come in, as serving engines give them (docs/export.md).
    x = embedding(ids, m.wte) + embedding(pos, m.wpe)
    for l in 0..L:
        x = gpt2_layers.block(m, x, l)
    # The output projection is the token embedding, transposed.
    return x |> layer_norm(over=D, weight=m.lnf_w, bias=m.lnf_b) |> linear(m.wte)
