# Losses written by hand next to the built-in cross entropy: negative log
# likelihood through gather, label smoothing, mean squared error, KL.
dim C = 100

fn nll(z: [b C] Logit over C, y: [b 1] Index[C]) -> [b 1]:
    lp = log_softmax(z, over=C)
    return -gather(lp, y, over=C)

fn smoothed(z: [b C] Logit over C, y: [b] Index[C], eps: float = 0.1) -> [] f32:
    hard = cross_entropy(z, y)
    uniform_part = -mean(log_softmax(z, over=C))
    return hard * (1.0 - eps) + uniform_part * eps

fn mse(pred: [b n], target: [b n]) -> [] f32:
    return mean((pred - target) ** 2)

fn kl(student: [b C] Logit over C, teacher: [b C] Logit over C, t: float = 2.0) -> [] f32:
    p = softmax(teacher / t, over=C)
    lp = log_softmax(student / t, over=C)
    lq = log_softmax(teacher / t, over=C)
    return sum(p * (lq - lp)) / 2.0 * t * t
