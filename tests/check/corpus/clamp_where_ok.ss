# Elementwise choices with where: a clamp, a leaky ReLU, Huber loss, and
# replacing non-finite scores before a softmax.
dim C = 10

fn clamp(x: [..s], lo: float, hi: float) -> [..s]:
    return where(x < lo, lo + 0.0 * x, where(x > hi, hi + 0.0 * x, x))

fn leaky_relu(x: [b n], slope: float = 0.01) -> [b n]:
    return where(x > 0.0, x, x * slope)

fn huber(pred: [b], target: [b], delta: float = 1.0) -> [] f32:
    err = abs(pred - target)
    quadratic = 0.5 * err ** 2
    linear_part = delta * (err - 0.5 * delta)
    return mean(where(err < delta, quadratic, linear_part))

fn safe_probs(scores: [b C], valid: [b C] Mask) -> [b C] Prob over C:
    return scores |> masked_fill(!valid, -inf) |> softmax(over=C)
