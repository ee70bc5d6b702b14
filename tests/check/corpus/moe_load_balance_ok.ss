# The Switch Transformer's load-balancing loss: the fraction of tokens
# routed to each expert times the router's mean probability for it.
dim D = 256
dim E = 16

model Router:
    w: [D E] = normal(0.01)

fn router_probs(r: Router, x: [b n D]) -> [b n E] Prob over E:
    return x @ r.w |> softmax(over=E)

fn load_balance_loss(r: Router, x: [b n D]) -> [] f32:
    p = router_probs(r, x)
    choice = p |> argmax(over=E)
    experts = arange(0, E) as [E] Index[E]
    one_hot = repeat(choice: b n -> b n E) == experts
    routed = one_hot |> mean(over=n) |> mean(over=b)
    importance = p |> mean(over=n) |> mean(over=b)
    return sum(routed * importance) * E
