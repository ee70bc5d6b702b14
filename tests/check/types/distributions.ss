# Distribution kinds are types: `softmax(x, over=m)` is `Prob over m`, and
# one distribution is not another, nor over another axis.
dim V = 100
dim C = 10

fn attention_weights(s: [b n m]) -> [b n m] Prob over m:
    return s |> softmax(over=n)  # error E0601 "Prob over n"

fn positional_over(s: [b n m]) -> [b n m] Prob over m:
    return softmax(s, n)  # error E0501 "`over=` by name"

fn log_probs(z: [b V]) -> [b V] Prob over V:
    return z |> log_softmax(over=V)  # error E0601 "LogProb over V"

fn loss(z: [b C] Logit over C, y: [b] Index[C]) -> [] f32:
    return cross_entropy(z, y)

fn probabilities_are_not_logits(h: [b C], y: [b] Index[C]) -> [] f32:
    p = h |> softmax(over=C)
    return loss(p, y)  # error E0505 "Prob over C"

fn logits_over(z: [b n v] Logit over v) -> [b n v] Logit over v:
    return z

fn renamed(z: [b t W] Logit over t) -> [b t W] Logit over t:
    return logits_over(z)  # error E0505 "Logit over t"

fn renamed_result(z: [b t W] Logit over W) -> [b t W] Logit over t:
    return logits_over(z)  # error E0601 "Logit over W"
