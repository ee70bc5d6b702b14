# E0425: a -inf fill by a mask without the axis a softmax normalises over
# makes whole rows NaN; the mask of the other side is the usual mistake.
fn piped(scores: [b n m], pad: [b n] Mask) -> [b n m]:
    return scores |> masked_fill(pad, -inf) |> softmax(over=m)  # warning E0425 "`softmax` over `m` of a value masked with -inf by a `[b n]` mask"

fn through_a_local(scores: [b n m], pad: [b n] Mask) -> [b n m]:
    att = masked_fill(scores, pad, -inf)
    return log_softmax(att, over=m)  # warning E0425 "`log_softmax` over `m`"
