# E0002 where a line should have ended: two statements, or two fields, on one
# line, or a line that ends in a vertical tab. The caret points just after the
# first statement, where the line break belongs.

dim D = 4

# Two statements on one line; the second one goes on with `|>` on the next.
fn two_statements(q: [b n D], k: [b m D]) -> [b n m]:
    s = q
    s     einsum(q, k: b n D, b m D -> b n m)  # error E0002 col=6 "expected the end of the line here"
        |> softmax(over=m)
    return einsum(q, k: b n D, b m D -> b n m)

# Two assignments on one line.
fn after_first(x: [n]) -> [n]:
    y = x  z = y  # error E0002 col=10 "expected the end of the line here"
    return z

# Two fields on one line.
model Mlp:
    w: [D] = normal(0.05)  v: [D] = ones  # error E0002 col=26 "expected the end of the line here"

# The last three items end a line or a block with a vertical tab (the CLI
# shows it as a box). The lexer skips it as blank space, but the scanner that
# ends lines and blocks does not see past it. A comment after it would hide
# the mistake (the scanner looks again after a comment), so their
# expectations are here, counted from their own lines.
# error@+3 E0002 col=10 "expected the end of the line here"
# error@+5 E0002 col=5 "expected the end of the block here"
# error@+7 E0002 col=3 "expected the end of the block here"
dim E = 4
model Blank:
    w: [D] = ones
    
fn last(x: [n]) -> [n]:
    return x
  
