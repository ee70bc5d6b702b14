# Top-p (nucleus) filtering of next-token logits: sorted probabilities,
# their running sum, the tokens past p masked in sorted order, the mask
# scattered back to vocabulary order, then a sample.
dim V = 1000

fn nucleus_logits(logits: [b V], p: float) -> [b V]:
    sorted_logits = sort(logits, over=V, descending=true)
    order = argsort(logits, over=V, descending=true)
    cumulative = cumsum(softmax(sorted_logits, over=V), over=V)
    past = cumulative - softmax(sorted_logits, over=V) > p
    removed = scatter(zeros_like(logits), order, where(past, 1.0, 0.0), over=V)
    return masked_fill(logits, removed > 0.5, -inf)

fn next_token(logits: [b V], p: float, mode: Mode) -> [b] Index[V]:
    return sample(nucleus_logits(logits, p), mode)
