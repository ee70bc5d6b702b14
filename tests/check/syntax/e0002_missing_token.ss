# E0002: a token the grammar requires is missing. The caret points where the
# token should go: for a block header without its `:`, just after the header.
#
# The expectations for a header's missing `:` sit on the line below it, with
# @-1: a comment at the end of the header would move the end of its line.

dim P = 64
dim H = 128

# The function's `:` is missing; its indented body is still read as its body.
fn missing_colon(x: [n]) -> [n]
    return x  # error@-1 E0002 col=32 "expected `:` to open the block here"

# A comment line may sit between the header and the body.
fn missing_colon_then_comment(x: [n D]) -> [n D]
# error@-1 E0002 col=49 "expected `:` to open the block"
    return x

# Every kind of block header.
fn headers(x: [n], c: bool) -> [n]:
    if c
        y = x  # error@-1 E0002 col=9 "`:`"
    elif not c
        y = x  # error@-1 E0002 col=15 "`:`"
    else
        y = x  # error@-1 E0002 col=9 "`:`"
    for i in 0..n
        y = x  # error@-1 E0002 col=18 "`:`"
    return y

model Mlp
    w1: [P H] = normal(0.05)  # error@-1 E0002 col=10 "expected `:` to open the block"

data Digit
    image: [P]  # error@-1 E0002 col=11 "expected `:` to open the block"

# The parameter list is not closed before `->`.
fn missing_paren(x: [n D] -> [n D]:  # error E0002 col=26 "expected `)` here"
    return x

# Both the `)` and the `:` are missing: two diagnostics on one line.
fn missing_both(x: [n] -> [n]
    return x  # error@-1 E0002 col=23 "`)`", error@-1 E0002 col=30 "`:`"

# The body after each mistake was parsed: this function is clean.
fn fine(x: [n]) -> [n]:
    return x
