# Attention masks placed by name: key padding, per example, transposed, a
# float bias, causal self-attention, a shared key, a variadic group.
fn key_padding(q: [b H n d], k: [b H m d], v: [b H m e], keep: [b m] Mask) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)

fn keys_only(q: [b H n d], k: [b H m d], v: [b H m e], keep: [m] Mask) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)

fn per_example(q: [b H n d], k: [b H m d], v: [b H m e], keep: [b n m] Mask) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)

fn transposed(q: [b H n d], k: [b H m d], v: [b H m e], keep: [m n] Mask) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, keep)

fn head_bias(q: [b H n d], k: [b H m d], v: [b H m e], bias: [H n m]) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=bias)

fn causal_self(q: [b H n d], k: [b H n d], v: [b H n e]) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])

fn padded_self(q: [b H n d], k: [b H n d], v: [b H n e], keep: [b n] Mask) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)

fn shared_key(q: [b H n d], k: [b 1 m d], v: [b 1 m e]) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v)

fn grouped(q: [..s n d], k: [..s m d], v: [..s m e], keep: [..s m] Mask) -> [..s n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)

fn after_group(q: [..s n d], k: [..s m d], v: [..s m e], keep: [n m] Mask) -> [..s n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)

# A mask of no axes: one value for every score (torch's attention wants
# two axes at least, so it is laid out as `[1 1]`).
fn everything_or_nothing(q: [b H n d], k: [b H m d], v: [b H m e], keep: [] Mask) -> [b H n e]:
    return scaled_dot_product_attention(q, k, v, attn_mask=keep)
