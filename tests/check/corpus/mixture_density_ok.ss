# A mixture density network's negative log-likelihood: K diagonal
# Gaussians per example, their log densities summed over the dimensions,
# then a logsumexp over the components with the mixture's log weights.
dim H = 32
dim K = 5
dim D = 2

model Mdn:
    w_pi: [H K] = normal(0.1)
    w_mu: [H K D] = normal(0.1)
    w_sigma: [H K D] = normal(0.1)

fn nll(m: Mdn, h: [b H], y: [b D]) -> [] f32:
    log_pi = log_softmax(h @ m.w_pi, over=K)
    mu = einsum(h, m.w_mu: b H, H K D -> b K D)
    log_sigma = einsum(h, m.w_sigma: b H, H K D -> b K D)
    z = (rearrange(y: b D -> b 1 D) - mu) / exp(log_sigma)
    log_density = sum(-0.5 * z ** 2 - log_sigma - 0.9189385, over=D)
    return -mean(logsumexp(log_pi + log_density, over=K))
