# A graph attention layer (GAT) over a dense adjacency: the pairwise scores
# e[i, j] = e_src[i] + e_dst[j] as torch writes them, with `1`s; the
# second n renamed so softmax can name the neighbours' axis.
dim F = 16
dim H = 8

model Gat:
    w: [F H] = normal(0.1)
    a_src: [H] = normal(0.1)
    a_dst: [H] = normal(0.1)

fn gat(m: Gat, x: [n F], adj: [n n] Mask) -> [n H]:
    h = x @ m.w
    e_src = sum(h * m.a_src, over=H)
    e_dst = sum(h * m.a_dst, over=H)
    e = rearrange(e_src: n -> n 1) + rearrange(e_dst: n -> 1 n)
    att = masked_fill(leaky_relu(e, 0.2), !adj, -inf) |> rearrange(n j -> n j) |> softmax(over=j)
    return elu(einsum(att, h: n j, j H -> n H))
