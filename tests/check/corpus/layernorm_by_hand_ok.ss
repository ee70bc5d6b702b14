# LayerNorm the long way, as in a from-scratch tutorial, checked against
# the shapes of the built-in.
dim D = 384

model Norm:
    gamma: [D] = ones
    beta:  [D] = zeros

fn layer_norm_manual(n: Norm, x: [b t D], eps: float = 1e-5) -> [b t D]:
    mu = x |> mean(over=D)
    centered = x - mu
    var = mean(centered ** 2, over=D)
    xhat = centered / sqrt(var + eps)
    return xhat * n.gamma + n.beta

fn layer_norm_builtin(n: Norm, x: [b t D]) -> [b t D]:
    return layer_norm(x, over=D, weight=n.gamma, bias=n.beta, eps=1e-5)

fn difference(n: Norm, x: [b t D]) -> [] f32:
    diff = layer_norm_manual(n, x) - layer_norm_builtin(n, x)
    return max(abs(diff))
