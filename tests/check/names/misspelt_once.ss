# One misspelling is one error: the same undefined name again in the same
# body says nothing more; in another body it is another mistake.
dim D = 4

fn filled(x: [b D], m: [b D] Mask) -> [b D]:
    a = masked_fill(x, mm, 0.0)  # error E0102 "undefined name `mm`; did you mean `m`?"
    c = masked_fill(x, mm, 1.0)
    return a + c + mm

fn other(x: [b D], m: [b D] Mask) -> [b D]:
    return masked_fill(x, mm, 0.0)  # error E0102 "undefined name `mm`"
