# Greedy next-token choice from a language model's output: logits at the
# last position, temperature, argmax; plus the sampling distribution.
dim V = 32000

fn last_position(logits: [b n V] Logit over V) -> [b V] Logit over V:
    return logits[n: n - 1]

fn greedy(logits: [b n V] Logit over V) -> [b] Index[V]:
    return last_position(logits) |> argmax(over=V)

fn sampling_probs(logits: [b n V] Logit over V, temperature: float = 0.8) -> [b V] Prob over V:
    return softmax(last_position(logits) / temperature, over=V)

fn top_candidates(logits: [b n V] Logit over V) -> [b 5] Index[V]:
    best, which = topk(last_position(logits), 5, over=V)
    return which
