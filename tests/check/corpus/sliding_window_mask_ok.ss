# Sliding-window causal attention (as in Mistral): each query sees the
# last w keys, the mask built from positions, [n 1] against [1 m].
dim Dh = 32

fn attend(q: [b n Dh], k: [b m Dh], v: [b m Dh], w: int) -> [b n Dh]:
    scores = einsum(q, k: b n d, b m d -> b n m) / sqrt(32.0)
    query_at = rearrange(arange(0, n): n -> n 1)
    key_at = rearrange(arange(0, m): m -> 1 m)
    allowed = (key_at <= query_at) & (query_at - key_at < w)
    weights = softmax(masked_fill(scores, !allowed, -inf), over=m)
    return einsum(weights, v: b n m, b m d -> b n d)
