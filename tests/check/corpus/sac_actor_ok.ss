# Soft actor-critic's actor loss: a tanh-squashed Gaussian policy, the
# reparameterised action, its log-probability with the squashing's
# correction, and the critic's value of it against the entropy bonus.
dim S = 11       # observation
dim A = 3        # action
dim H = 64

model Actor:
    w: [S H] = normal(0.1)
    w_mu: [H A] = normal(0.01)
    w_log_std: [H A] = normal(0.01)

model Critic:
    w_s: [S H] = normal(0.1)
    w_a: [A H] = normal(0.1)
    out: [H] = normal(0.1)

fn q_value(c: Critic, obs: [b S], action: [b A]) -> [b]:
    return sum(relu(obs @ c.w_s + action @ c.w_a) * c.out, over=H)

fn actor_loss(m: Actor, c: Critic, obs: [b S], noise: [b A], alpha: float) -> [] f32:
    h = relu(obs @ m.w)
    mu = h @ m.w_mu
    log_std = clamp(h @ m.w_log_std, -20.0, 2.0)
    pre = mu + exp(log_std) * noise
    action = tanh(pre)
    gaussian = sum(-0.5 * noise ** 2 - log_std - 0.9189385, over=A)
    log_prob = gaussian - sum(log(1.0 - action ** 2 + 1e-6), over=A)
    return mean(alpha * log_prob - q_value(c, obs, action))
