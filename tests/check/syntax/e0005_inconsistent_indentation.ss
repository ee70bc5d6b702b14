# E0005: a line starts at a different column from the other lines of its
# block. A line dedented to a column between two open blocks is kept in the
# inner one; the diagnostic covers the line's indentation, from column 1.

dim P = 64
dim H = 128
dim C = 10

# Dedented to column 3, out of the if's block (9) but between the top level
# (1) and the function's body (5): kept in the body.
fn between_blocks(x: [n], c: bool) -> [n]:
    y = x
    if c:
        y = x
  return y  # error E0005 col=1 "indented to column 3, but its block's lines start at column 5"

# Dedented by one column, between the top level (1) and the body (5).
fn dedented_by_one(x: [n]) -> [n]:
    y = x
   return y  # error E0005 col=1 "indented to column 4, but its block's lines start at column 5"

# Indented further than the lines above it, with no header to open a block.
fn overindented(x: [n]) -> [n]:
    y = x
      z = x  # error E0005 col=1 "indented to column 7, but its block's lines start at column 5"
    return y

# Between two nested blocks: kept in the inner one (13), not the for's (9).
fn nested(x: [n], c: bool) -> [n]:
    y = x
    for i in 0..n:
        if c:
            y = x
          z = x  # error E0005 "indented to column 11, but its block's lines start at column 13"
    return y

# The fields of models and data records are lines of a block too.
model Mlp:
    w1: [P H] = normal(0.05)
  b1: [H] = zeros  # error E0005 col=1 "indented to column 3, but its block's lines start at column 5"

data Digit:
    image: [P]
     label: Index[C]  # error E0005 col=1 "indented to column 6, but its block's lines start at column 5"

# The lines after each mistake were parsed as usual: this function is clean.
fn fine(x: [n]) -> [n]:
    return x
