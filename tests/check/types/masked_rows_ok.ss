# Masks that have the softmax's axis, a fill that isn't -inf, and a local
# given another value since.
fn keys_padded(scores: [b n m], pad: [b m] Mask) -> [b n m]:
    return scores |> masked_fill(pad, -inf) |> softmax(over=m)

fn causal_attention(scores: [b n m]) -> [b n m]:
    return scores |> masked_fill(!causal[n m], -inf) |> softmax(over=m)

fn zeroed(scores: [b n m], pad: [b n] Mask) -> [b n m]:
    return scores |> masked_fill(pad, 0.0) |> softmax(over=m)

fn reassigned(scores: [b n m], pad: [b n] Mask) -> [b n m]:
    att = masked_fill(scores, pad, -inf)
    att = scores
    return softmax(att, over=m)
