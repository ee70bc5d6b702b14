# The constructs of e0006_tab_in_indentation.ss indented with spaces, and
# tabs where they are allowed (literal tab characters: keep them when
# editing this file): no diagnostics.

dim P = 64
dim H = 128

fn tab_body(x: [n]) -> [n]:
    return x

fn two_tabs(x: [n], c: bool) -> [n]:
    y = x
    if c:
        y = x
    return y

# A tab after code, in a string and in a comment is fine.
fn tabs_elsewhere(x: [n]) -> [n]:
    y = x	+ x
    s = "a	b"
    return y  #	a comment with	tabs

model Mlp:
    w1: [P H] = normal(0.05)
