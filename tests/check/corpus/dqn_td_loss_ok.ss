# DQN: TD targets from a target network, Huber loss on the actions taken.
dim S = 6
dim A = 3
dim H = 32

model QNet:
    w1: [S H] = normal(0.1)
    b1: [H] = zeros
    w2: [H A] = normal(0.1)

fn q_values(q: QNet, s: [b S]) -> [b A]:
    return relu(s @ q.w1 + q.b1) @ q.w2

fn td_loss(q: QNet, target: QNet, s: [b S], a: [b] Index[A], r: [b], s2: [b S], done: [b] Mask, gamma: float) -> [] f32:
    taken = gather(q_values(q, s), rearrange(a: b -> b 1), over=A) |> rearrange(b 1 -> b)
    best_next = max(q_values(target, s2), over=A) |> detach
    y = r + gamma * where(done, 0.0, best_next)
    err = taken - y
    huber = where(abs(err) < 1.0, 0.5 * err ** 2, abs(err) - 0.5)
    return mean(huber)
