# scaled_dot_product_attention: queries, keys and values agree, and a mask
# is a Mask or a float bias over the axes of the scores [..s n m].
fn wrong_width(q: [b H n d], k: [b H m e], v: [b H m f]) -> [b H n f]:
    return scaled_dot_product_attention(q, k, v)  # error E0504 col=44 "argument `k`"

fn wrong_keys(q: [b H n d], k: [b H m d], v: [b H t f]) -> [b H n f]:
    return scaled_dot_product_attention(q, k, v)  # error E0504 col=47 "argument `v`"

fn wrong_heads(q: [b H n d], k: [b m d], v: [b m f]) -> [b H n f]:
    return scaled_dot_product_attention(q, k, v)  # error E0504 col=44 "leading axes"

fn foreign_axis(q: [b H n d], k: [b H m d], v: [b H m f], pad: [b t] Mask) -> [b H n f]:
    return scaled_dot_product_attention(q, k, v, attn_mask=pad)  # error E0504 "axis `t` is not an axis of the scores"

fn wrong_size(q: [b H n d], k: [b H m d], v: [b H m f], pad: [b 7] Mask) -> [b H n f]:
    return scaled_dot_product_attention(q, k, v, attn_mask=pad)  # error E0504 "axis `7` is not the size of the scores' `m`"

fn index_mask(q: [b H n d], k: [b H m d], v: [b H m f], pad: [b m] i64) -> [b H n f]:
    return scaled_dot_product_attention(q, k, v, attn_mask=pad)  # error E0505 "a Mask or a float bias"

fn too_many(q: [b H n d], k: [b H m d], v: [b H m f], pad: [b b H n m] Mask) -> [b H n f]:
    return scaled_dot_product_attention(q, k, v, attn_mask=pad)  # error E0504 "more axes"

fn not_a_tensor(q: [b H n d], k: [b H m d], v: [b H m f]) -> [b H n f]:
    return scaled_dot_product_attention(q, k, 3)  # error E0505 "argument `v`"

fn group_between(q: [b ..s n d], k: [b ..s m d], v: [b ..s m f], pad: [b m] Mask) -> [b ..s n f]:
    return scaled_dot_product_attention(q, k, v, attn_mask=pad)  # error E0504 "group of axes"

# The leading axes pair by dim, not by size: G and R are two dims of one size.
dim G = 4
dim R = 4

fn swapped_groups(q: [b G R n Dh], k: [b R G m Dh], v: [b R G m Dh]) -> [b G R n Dh]:
    return scaled_dot_product_attention(q, k, v)  # error E0504 "argument `k` must be of the queries' leading axes"
