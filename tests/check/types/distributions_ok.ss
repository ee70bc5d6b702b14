# Distributions where they are what is declared: f32 converts to a
# distribution and back, log-probabilities are logits, and a call renames
# the axis a distribution is over as it renames the axes.
dim C = 10

fn attention(q: [b n d], k: [b m d], v: [b m e]) -> [b n e]:
    att = einsum(q, k: b n d, b m d -> b n m) |> softmax(over=m)
    return einsum(att, v: b n m, b m e -> b n e)

fn weights(s: [b n m]) -> [b n m] Prob over m:
    return s |> softmax(over=m)

fn declared_logits(h: [b C]) -> [b C] Logit over C:
    return h

fn loss(z: [b C] Logit over C, y: [b] Index[C]) -> [] f32:
    return cross_entropy(z, y)

fn log_probs_are_logits(h: [b C], y: [b] Index[C]) -> [] f32:
    return loss(h |> log_softmax(over=C), y)

fn plain(h: [b C]) -> [b C]:
    return h |> softmax(over=C)

fn logits_over(z: [b n v] Logit over v) -> [b n v] Logit over v:
    return z

fn renamed(z: [b t W] Logit over W) -> [b t W] Logit over W:
    return logits_over(z)

fn summed(p: [b n m] Prob over m) -> [b n]:
    return sum(p, over=m)

fn scaled(p: [b n m] Prob over m, keep: [b n m] Mask) -> [b n m] Prob over m:
    return masked_fill(p, keep, 0.0) * 2.0

fn half(x: [b n] bf16) -> [b n] bf16:
    return x |> softmax(over=n)
