# The token ids' embedding table is read once, by `embedding`: a read of it
# in a function of another file keeps the function from being served.
import served_model
from served_model import Lm, V

export fn forward(m: Lm, ids: [b n] Index[V]) -> [b n V]:  # fact serving:unservable "`m.embed` is read here"
    x = embedding(ids, m.embed)
    return linear(served_model.scaled(m, x), m.out)
