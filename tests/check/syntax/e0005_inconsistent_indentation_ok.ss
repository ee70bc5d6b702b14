# The constructs of e0005_inconsistent_indentation.ss, indented consistently,
# and the lines whose indentation does not matter: no diagnostics.

dim P = 64
dim H = 128
dim C = 10

fn add3(a: [n], b: [n], c: [n]) -> [n]:
    return a + b + c

fn between_blocks(x: [n], c: bool) -> [n]:
    y = x
    if c:
        y = x
    return y

fn nested(x: [n], c: bool) -> [n]:
    y = x
    for i in 0..n:
        if c:
            y = x
        z = x
    return y

model Mlp:
    w1: [P H] = normal(0.05)
    b1: [H] = zeros

data Digit:
    image: [P]
    label: Index[C]

# Inside brackets, and on lines that start with `|>`, indentation is free.
fn continuation_lines(x: [n]) -> [n]:
    y = add3(x,
  x,
          x)
    z = x
            |> gelu
  |> gelu
    return y + z

# Comment lines and blank lines never open or close a block.
fn comments(x: [n]) -> [n]:
    y = x
  # a comment at column 3
          # a comment at column 11

    return y
