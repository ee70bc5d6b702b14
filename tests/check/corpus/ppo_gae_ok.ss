# PPO: advantages by generalised advantage estimation over a rollout
# (a loop backwards in time), then the clipped surrogate objective, the
# value loss and an entropy bonus.
dim S = 8        # observation features
dim A = 4        # actions
dim H = 64

model ActorCritic:
    w1: [S H] = normal(0.1)
    b1: [H] = zeros
    w_pi: [H A] = normal(0.01)
    w_v: [H 1] = normal(0.1)

fn heads(m: ActorCritic, obs: [t S]) -> ([t A] Logit over A, [t]):
    h = tanh(obs @ m.w1 + m.b1)
    value = rearrange(h @ m.w_v: t 1 -> t)
    return h @ m.w_pi, value

fn gae(rewards: [t], values: [t], dones: [t], last_value: [], gamma: float, lam: float) -> [t]:
    advantages = zeros([t])
    running = last_value * 0.0
    next_value = last_value
    for k in 0..t:
        i = t - 1 - k
        not_done = 1.0 - dones[i]
        delta = rewards[i] + gamma * next_value * not_done - values[i]
        running = delta + gamma * lam * not_done * running
        advantages = select_scatter(advantages, running, i, over=t)
        next_value = values[i]
    return advantages

fn ppo_loss(m: ActorCritic, obs: [t S], actions: [t] Index[A], old_logp: [t], advantages: [t], returns: [t], clip: float) -> [] f32:
    logits, value = heads(m, obs)
    logp_all = log_softmax(logits, over=A)
    logp = gather(logp_all, rearrange(actions: t -> t 1), over=A) |> rearrange(t 1 -> t)
    ratio = exp(logp - old_logp)
    norm_adv = (advantages - mean(advantages)) / (std(advantages) + 1e-8)
    surrogate = minimum(ratio * norm_adv, clamp(ratio, 1.0 - clip, 1.0 + clip) * norm_adv)
    value_loss = mean((value - returns) ** 2)
    entropy = -mean(sum(exp(logp_all) * logp_all, over=A))
    return -mean(surrogate) + 0.5 * value_loss - 0.01 * entropy
