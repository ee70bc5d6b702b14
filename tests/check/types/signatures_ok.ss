dim V = 100
dim C = 10
dim T = 32

data Digit:
    image: [8 8]
    label: Index[C]

data Sentence:
    tokens: [T] Index[V]
    real: [T] Mask

model Embed:
    table: [V 64] = zeros

fn a(x: [n] f16, y: [n] bf16, z: [n] i64, w: [n n] Mask) -> [n] f16:
    return x

fn b(batch: Batch[Digit], train: Dataset[Digit], m: Embed, opt: Optimizer[Embed], mode: Mode):
    return

fn c(x: [b V] Logit over V, p: [b V] Prob over V, l: [b V] LogProb over V) -> [b V] Logit over V:
    return x

fn d(labels: [b] Index[C], steps: int = 3, rate: float = 0.1, name: str = "x", on: bool = true) -> [b] Index[C]:
    return labels

fn e(x: [..s n]) -> [..s n]:
    return x

fn h(x: [n]) -> [?k]:
    return x

model Inits:
    a: [4] = zeros
    b: [4] = ones
    c: [4] = normal(0.02)
    d: [4] = uniform(-1, 1)
    e: [] = 0.5
