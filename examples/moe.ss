# A mixture-of-experts feed-forward layer, as in Mixtral: a router scores E
# experts per token, each token goes to its K best, and their outputs are
# mixed by the softmax of the chosen scores. For clarity every expert runs on
# every token here, and the chosen ones are gathered; a serving kernel would
# run each expert only on its tokens.
dim D = 32  # model width
dim E = 8  # experts
dim K = 2  # experts per token
dim F = 64  # an expert's hidden width

model Moe:
    norm: [D] = ones
    router: [E D] = normal(0.02)
    w_gate: [E F D] = normal(0.02)
    w_up: [E F D] = normal(0.02)
    w_down: [E D F] = normal(0.02)

# Each expert is a SwiGLU feed-forward layer.
fn experts(m: Moe, x: [b n D]) -> [b n E D]:
    gate = einsum(x, m.w_gate: b n D, E F D -> b n E F)
    up = einsum(x, m.w_up: b n D, E F D -> b n E F)
    return einsum(silu(gate) * up, m.w_down: b n E F, E D F -> b n E D)

fn moe(m: Moe, x: [b n D]) -> [b n D]:
    h = x |> rms_norm(over=D, weight=m.norm, eps=1e-5)
    scores = h |> linear(m.router)
    best, chosen = topk(scores, K, over=E)
    weights = softmax(best, over=E)
    picked = chosen |> repeat(b n k -> b n k D)
    outputs = gather(experts(m, h), picked, over=E)
    return x + einsum(weights, outputs: b n k, b n k D -> b n D)
