# The constructs of e0002_end_of_line.ss, written correctly: no diagnostics.

dim D = 4

fn two_statements(q: [b n D], k: [b m D]) -> [b n m]:
    s = q
    s
    einsum(q, k: b n D, b m D -> b n m)
        |> softmax(over=m)
    return einsum(q, k: b n D, b m D -> b n m)

fn after_first(x: [n]) -> [n]:
    y = x
    z = y
    return z

model Mlp:
    w: [D] = normal(0.05)
    v: [D] = ones

# A vertical tab inside a comment, or followed by a comment, is harmless.
dim E = 4  # the scanner looks again after a comment

model Blank:
    w: [D] = ones

fn last(x: [n]) -> [n]:
    return x
