# Constructors in bodies: sizes from dims, the signature, a batch's `b` and
# numbers; element types written or taken from the value; draws with a mode.
import python torch

dim D = 8
dim V = 5

data Token:
    id: Index[V]
    x: [D]

fn made(x: [b n D], mode: Mode) -> [b n D]:
    z = zeros([b n D]) + ones([b n D]) * full([b n D], 0.5)
    noise = randn([b n D], mode) * rand([b n D], mode)
    picked = randint([b n] Index[V], mode)
    bounded = randint([b n], 2, 9, mode) + randint([b n], 4, mode) + randint([b n], high=3, mode=mode)
    ids = full([b n] i64, 3) + bounded
    identity = eye([n n]) @ z
    return identity + noise + zeros_like(x) + ones_like(x) * full_like(x, 2.0) + randn_like(x, mode)

fn in_a_batch(batch: Batch[Token], mode: Mode) -> [] f32:
    return mean(batch.x + randn([b D], mode) + zeros([b 2*D/2]))

fn drawn(z: [b V] Logit over V, mode: Mode) -> [b] Index[V]:
    return sample(z, mode)

fn sampled(z: [b n V] Logit over V) -> [b n] Index[V]:
    return sample(z, Sample(seed=0))

fn scalars() -> [] f32:
    return zeros([]) + full([], 2.0)

fn names_left_as_they_were(ones: [n]) -> [n]:
    zeros = ones * 2.0
    return zeros

fn names_as_keywords(x: [n]) -> [n]:
    return torch.thing(x, full=1, eye=2) as [n]
