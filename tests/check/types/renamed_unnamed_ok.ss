# An unnamed axis (`1+F`) that a pattern names (`t`) is still that axis:
# the two sides line up in either order, as torch adds equal shapes (an
# FT-Transformer's tokens plus their attention, found by the corpus).
dim F = 4
dim D = 8

fn attend(x: [b 1+F D]) -> [b 1+F D]:
    att = softmax(einsum(x, x: b t D, b u D -> b t u), over=u)
    h = einsum(att, x: b t u, b u D -> b t D)
    y = x * 1.0
    y += h
    return x + h + (h + x) + where(x > 0.0, x, h) + y

# The sum has the axis's name, as the pattern gave it.
fn first_token(x: [b 1+F D]) -> [b D]:
    h = x + rearrange(x: b t D -> b t D)
    return h[t: 0]
