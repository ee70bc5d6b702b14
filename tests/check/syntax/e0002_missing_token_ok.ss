# The constructs of e0002_missing_token.ss, written correctly: no diagnostics.

dim P = 64
dim H = 128

fn with_colon(x: [n]) -> [n]:
    return x

fn with_colon_then_comment(x: [n D]) -> [n D]:
# a comment line between the header and the body
    return x

fn headers(x: [n], c: bool) -> [n]:
    if c:
        y = x
    elif not c:
        y = x
    else:
        y = x
    for i in 0..n:
        y = x
    return y

model Mlp:
    w1: [P H] = normal(0.05)

data Digit:
    image: [P]

fn closed_paren(x: [n D]) -> [n D]:  # a comment after the `:` is fine
    return x

fn no_return_type(x: [n]):
    return
