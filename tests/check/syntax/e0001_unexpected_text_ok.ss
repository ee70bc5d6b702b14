# The constructs of e0001_unexpected_text.ss, written correctly: no
# diagnostics.

fn add(a: [n], b: [n]) -> [n]:
    return a + b

# An expression goes on to the next line inside brackets or on a line that
# starts with `|>`.
fn dangling_operator(x: [n]) -> [n]:
    y = x + x
    z = (x +
        x)
    w = x
        |> gelu
    return y + z + w

fn float_with_leading_digit(x: [n]) -> [n]:
    y = 0.5
    return x * y

fn one_comma(x: [n]) -> [n]:
    y = add(x, x)
    z = add(x, x,)  # a trailing comma is allowed
    return y + z

fn list_with_commas(x: [n]) -> [n]:
    y = [1, 2]
    return x

fn one_line(x: [n]) -> [n]:
    y = add(x, x) * [1, 2][0]
    return y

fn brackets_closed(x: [n]) -> [n]:
    return (
        x
    )

fn fine(x: [n]) -> [n]:
    return x |> gelu
