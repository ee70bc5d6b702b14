# Attention weights normalised over the queries instead of the keys.
dim Dh = 64

fn weights(q: [b H n Dh], k: [b H m Dh]) -> [b H n m] Prob over m:
    s = einsum(q, k: b H n d, b H m d -> b H n m) |> scale(1 / sqrt(Dh))
    return s |> softmax(over=n)  # error E0601 col=12 "this returns [b H n m] Prob over n"
