# An extern fn's result whose element is `Index[C]` has the bound the
# caller's arguments give C: here V, so the result is an `Index[V]`.
import python torch

dim V = 10

extern fn most_likely(z: [..s C] Logit over C) -> [..s] Index[C] = torch.argmax

fn pick(z: [b n V] Logit over V) -> [b n] Index[V]:
    return most_likely(z)

fn embed(z: [b V] Logit over V, table: [V 4]) -> [b 4]:
    return embedding(most_likely(z), table)
