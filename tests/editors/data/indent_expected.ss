# Indentation as shapescript-mode writes it: the test strips every line's
# indentation, runs indent-region and compares with this file.
dim D = 768

fn f(x: [b n D], w: [D D]) -> [b n D]:
    y = x @ w
        |> gelu
        # a comment between continuation lines
        |> scale(2.0)
    opt = adamw(
        m,
        lr=0.01,
    )
    if true:
        z = y
    elif false:
        z = y
            |> gelu
    else:
        return y
    return y
        |> gelu

fn g(x: [n]) -> [n]:
    for i in x:
        return x
    return x

model M:
    w: [D D] bf16
