# Mistakes on purpose: `shapescript check` reports each one, and the
# functions around them are still parsed.
dim D = 64

fn missing_paren(x: [n D] -> [n D]:
    return x

fn dangling_operator(x: [n D]) -> [n D]:
    y = x +
    return y

fn bad_dedent(x: [n D]) -> [n D]:
    if true:
        y = x
      z = x
    return y

fn missing_colon(x: [n D]) -> [n D]
    return x

fn fine(x: [n D]) -> [n D]:
    return x |> gelu
