# The acceptance rule of speculative decoding: a drafted token is kept
# with probability min(1, p_target / p_draft), computed for every draft
# position from the two models' distributions.
dim V = 32000

fn token_probs(p: [b k V] Prob over V, tokens: [b k 1] Index[V]) -> [b k 1]:
    return gather(p, tokens, over=V)

fn acceptance(target: [b k V] Logit over V, draft: [b k V] Logit over V, tokens: [b k 1] Index[V]) -> [b k 1]:
    pt = token_probs(softmax(target, over=V), tokens)
    pd = token_probs(softmax(draft, over=V), tokens)
    ratio = pt / pd
    return where(ratio > 1.0, 1.0 + 0.0 * ratio, ratio)

fn residual_distribution(target: [b k V] Logit over V, draft: [b k V] Logit over V) -> [b k V] Prob over V:
    diff = relu(softmax(target, over=V) - softmax(draft, over=V))
    return diff / sum(diff, over=V)
