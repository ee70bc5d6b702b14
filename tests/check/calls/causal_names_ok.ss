# A causal mask names the signature's axes, dims, or in masked_fill and
# where, axes of the value masked.
fn keys_of_the_scores(q: [b n d], k: [b t d]) -> [b n t]:
    att = einsum(q, k: b n d, b m d -> b n m)
    return masked_fill(att, !causal[n m], -inf)

fn piped(q: [b n d], k: [b t d]) -> [b n t]:
    att = einsum(q, k: b n d, b m d -> b n m)
    return att |> masked_fill(!causal[n m], -inf)
