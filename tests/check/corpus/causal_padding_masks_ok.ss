# Masks for a left-to-right model over right-padded batches: causal and
# padding combined, placed by name, then applied to the scores.
dim H = 4
dim Dh = 32

fn combined(keep: [b n] Mask) -> [b n n] Mask:
    # every query position n sees the keys m that are real and not ahead
    visible = keep |> repeat(b m -> b n m) as [b n n] Mask
    return causal[n n] & visible

fn masked_scores(q: [b H n Dh], k: [b H n Dh], keep: [b n] Mask) -> [b H n n]:
    s = einsum(q, k: b H n d, b H m d -> b H n m) |> scale(1 / sqrt(Dh))
    # the padding is on the keys: call keep's axis m, as the scores do
    key_keep = keep |> rearrange(b m -> b m)
    return s |> masked_fill(!causal[n m], -inf) |> masked_fill(!key_keep, -inf)

fn attend(q: [b H n Dh], k: [b H n Dh], v: [b H n Dh], keep: [b n] Mask) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)

# The padding mask repeated for every query, sized as einops users write it.
fn per_query(keep: [b n] Mask) -> [b n n] Mask:
    return keep |> repeat(b m -> b q m, q=n) as [b n n] Mask
