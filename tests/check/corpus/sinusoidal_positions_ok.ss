# The sinusoidal position encoding of "Attention is all you need":
# integer positions times float frequencies are floats.
dim D = 256
dim T = 512

fn inv_freq() -> [D/2]:
    return exp(arange(0, D, 2) * (-9.21 / D)) as [D/2]

fn encoding() -> [T D]:
    pos = arange(0, T)
    angles = einsum(pos * 1.0, inv_freq(): t, f -> t f)
    # sines in the first half of the features, cosines in the second
    return cat(sin(angles), cos(angles), over=f) as [T D]

fn add_positions(x: [b T D]) -> [b T D]:
    return x + encoding()
