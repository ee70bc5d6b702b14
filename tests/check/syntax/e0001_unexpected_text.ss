# E0001: text the parser can't fit into the grammar where it stands. Each
# function holds its own mistakes; checking goes on around each of them.

fn add(a: [n], b: [n]) -> [n]:
    return a + b

# The line above ends with `+`, so `return` is read as its right operand.
# (The expectation sits on the `return` line: the error is reported there.)
fn dangling_operator(x: [n]) -> [n]:
    y = x +
    return y  # error E0001 col=5 "unexpected `return` after `+` at the end of the line above"

# A float needs a digit before its point.
fn float_without_leading_digit(x: [n]) -> [n]:
    y = .5  # error E0001 col=9 "unexpected `.`"
    return x * y

# Two commas in a row: the first one is reported (removing it fixes the call).
fn double_comma(x: [n]) -> [n]:
    y = add(x,, x)  # error E0001 col=14 "unexpected `,` in the arguments of a call"
    return y

# The elements of a list are separated by commas.
fn list_without_commas(x: [n]) -> [n]:
    y = [1 2]  # error E0001 col=12 "unexpected `2`"
    return x

# Two mistakes on one line are two diagnostics.
fn two_on_one_line(x: [n]) -> [n]:
    y = add(x,, x) * [1 2][0]  # error E0001 col=14 "`,`", error E0001 col=25 "`2`"
    return y

# A closing bracket that nothing opened.
fn stray_bracket(x: [n]) -> [n]:
    return x
    )  # error E0001 col=5 "unexpected `)` in a block"

# The functions around the mistakes are still parsed: this one is clean.
fn fine(x: [n]) -> [n]:
    return x |> gelu
