# Per-token language-model loss that ignores padding: log-probabilities
# of the targets through gather, averaged over the real tokens only.
dim V = 8000

fn token_nll(logits: [b n V] Logit over V, targets: [b n] Index[V]) -> [b n]:
    lp = logits |> log_softmax(over=V)
    picked = gather(lp, rearrange(targets: b n -> b n 1) as [b n 1] Index[V], over=V)
    return -rearrange(picked: b n 1 -> b n)

fn masked_lm_loss(logits: [b n V] Logit over V, targets: [b n] Index[V], keep: [b n] Mask) -> [] f32:
    nll = token_nll(logits, targets)
    total = where(keep, nll, 0.0) |> sum
    return total / sum(keep)

fn perplexity(logits: [b n V] Logit over V, targets: [b n] Index[V], keep: [b n] Mask) -> [] f32:
    return exp(masked_lm_loss(logits, targets, keep))
