# NeRF's volume rendering along each ray.
fn render(sigma: [r s], rgb: [r s 3], delta: [r s]) -> [r 3]:
    alpha = 1.0 - exp(-relu(sigma) * delta)
    trans = cumprod(1.0 - alpha + 1e-10, over=s) / (1.0 - alpha + 1e-10)
    weights = alpha * trans
    return sum(rearrange(weights: r s -> r s 1) * rgb, over=s)
