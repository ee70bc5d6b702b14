# REINFORCE: the log-probability of each action taken under the policy,
# weighted by the normalised return, with an entropy bonus.
dim S = 8        # state features
dim A = 4        # actions
dim H = 64

model Policy:
    w1: [S H] = normal(0.1)
    w2: [H A] = normal(0.1)

fn logits(p: Policy, s: [t S]) -> [t A] Logit over A:
    return relu(s @ p.w1) @ p.w2

fn loss(p: Policy, s: [t S], actions: [t] Index[A], returns: [t]) -> [] f32:
    logp = log_softmax(logits(p, s), over=A)
    taken = gather(logp, rearrange(actions: t -> t 1), over=A) |> rearrange(t 1 -> t)
    advantage = (returns - mean(returns)) / (sqrt(mean((returns - mean(returns)) ** 2)) + 1e-8)
    entropy = -mean(sum(exp(logp) * logp, over=A))
    return -mean(taken * advantage) - 0.01 * entropy
