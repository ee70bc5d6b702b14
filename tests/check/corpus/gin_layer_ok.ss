# A GIN layer: each node's neighbours summed by index_add along the edge
# list, plus (1 + eps) times itself, through an MLP; a graph's readout
# sums its nodes.
dim F = 16
dim H = 32

model Gin:
    eps: [] = zeros
    w1: [F H] = normal(0.1)
    w2: [H F] = normal(0.1)

fn layer(m: Gin, x: [n F], src: [e] Index[n], dst: [e] Index[n]) -> [n F]:
    messages = x[src]
    summed = index_add(zeros([n F]), dst, messages, over=n)
    h = (1.0 + m.eps) * x + summed
    return relu(h @ m.w1) @ m.w2

fn readout(m: Gin, x: [n F], src: [e] Index[n], dst: [e] Index[n]) -> [F]:
    return sum(layer(m, layer(m, x, src, dst), src, dst), over=n)
