# Focal loss for dense detection: the cross entropy of each anchor scaled
# by (1 - p_t) ** gamma, with alpha balancing the classes.
dim C = 80

fn focal_loss(logits: [a C], targets: [a C], alpha: float = 0.25, gamma: float = 2.0) -> [] f32:
    p = sigmoid(logits)
    ce = -(targets * log(p + 1e-8) + (1.0 - targets) * log(1.0 - p + 1e-8))
    p_t = p * targets + (1.0 - p) * (1.0 - targets)
    alpha_t = alpha * targets + (1.0 - alpha) * (1.0 - targets)
    return sum(alpha_t * (1.0 - p_t) ** gamma * ce) / a
