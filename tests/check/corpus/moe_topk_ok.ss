# A mixture of experts layer: a router picks the top 2 of 8 experts per
# token, and the chosen experts' outputs are mixed by renormalised weights.
dim D = 64
dim E = 8         # experts
dim K = 2         # experts per token
dim F = 128

model Moe:
    router: [D E]   = normal(0.02)
    w_in:   [E D F] = normal(0.02)
    w_out:  [E F D] = normal(0.02)

fn route(m: Moe, x: [t D]) -> ([t K], [t K] Index[E]):
    logits = x @ m.router
    top, which = topk(logits, K, over=E)
    return softmax(top, over=E), which

fn experts(m: Moe, x: [t D]) -> [t E D]:
    h = einsum(x, m.w_in: t D, E D F -> t E F) |> gelu
    return einsum(h, m.w_out: t E F, E F D -> t E D)

fn moe(m: Moe, x: [t D]) -> [t D]:
    weights, which = route(m, x)
    # a dense mask of the chosen experts, from the top-k positions
    y = experts(m, x)
    gate = scatter(x @ m.router * 0.0, which, weights, over=E)
    return einsum(y, gate: t E D, t E -> t D)
