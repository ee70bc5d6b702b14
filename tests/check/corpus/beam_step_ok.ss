# One step of beam search: add the next-token log-probabilities to each
# beam's score and keep the best B continuations over (beam, token).
dim V = 1000
dim B = 4
dim BV = B * V   # the flattened (beam, token) candidates

fn beam_step(scores: [b B], logits: [b B V] Logit over V) -> ([b B], [b B] Index[BV]):
    total = log_softmax(logits, over=V) + scores
    flat = total |> rearrange(b beam v -> b (beam v)) as [b BV]
    best, which = topk(flat, B, over=BV)
    return best, which
