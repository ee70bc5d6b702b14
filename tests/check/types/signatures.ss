# Types written in signatures and fields.
dim V = 100
dim C = 10

data Digit:
    image: [8 8]
    label: Index[C]

data Sentence:
    tokens: [len] Index[V]  # error E1302 "`len` is not a dim"

model Embed:
    table: [n 64] = zeros  # error E1301 "`n` is not a dim"

fn a(x: [n] f23) -> [n]:  # error E0301 "did you mean `f32`"
    return x

fn b(batch: Btach[Digit]):  # error E0301 "did you mean `Batch`"
    return

fn c(x: [b V] Logit over C) -> [b V]:  # error E0302 "named axes are `b`"
    return x

fn d(labels: [b] Index) -> [b]:  # error E0303 "one size"
    return labels

fn e(data: Dataset[Embed]):  # error E0303 "a data record"
    return

fn f(x) -> [n]:  # error E0304
    return x

fn g(x: [..s ..t]) -> [..s]:  # error E0404
    return x

fn h(x: [n]) -> [m]:  # error E0406 "`m`"
    return x

model Inits:
    a: [4] = zero      # error E1303 "found `zero`"
    b: [4] = normal()  # error E1303
    c: [4] = uniform(-0.1, 0.1)
    d: [4]  # error E1303 "is `normal(std)`, `uniform(low, high)`, `zeros`, `ones` or a number, after `=`; found none"

data Labelled:
    y: Index[C] = 0  # error E1303 "data record"
