# Training lives in a file of its own: the language model learns to repeat
# a short pattern of tokens, on data the program makes.
import lm
from lm import Lm, V, P

data Text:
    ids: [16] Index[V]
    pos: [16] Index[P]
    next: [16] Index[V]

fn loss(m: Lm, batch: Batch[Text]) -> [] f32:
    return cross_entropy(lm.logits(m, batch.ids, batch.pos), batch.next)

fn train_step(mut m: Lm, mut opt: Optimizer[Lm], batch: Batch[Text]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch)
    update(m, opt, grads |> clip_norm(1.0))
    return l

fn make_optimizer(m: Lm) -> Optimizer[Lm]:
    return adamw(m, lr=0.003, weight_decay=0.01)
