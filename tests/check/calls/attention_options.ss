# torch's options of scaled_dot_product_attention: is_causal or a mask,
# never both; dropout_p with the mode it draws with; fewer key and value
# heads only with enable_gqa=true, and only a divisor of the queries'.
dim H = 8
dim G = 2
dim T = 3
dim Dh = 16

fn both(q: [b H n Dh], k: [b H n Dh], v: [b H n Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, attn_mask=causal[n n], is_causal=true)  # error E0505 "argument `is_causal` must be no `attn_mask` beside it"

fn undrawn(q: [b H n Dh], k: [b H n Dh], v: [b H n Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, dropout_p=0.1)  # error E0505 "argument `dropout_p` must be a `mode=` beside it"

fn not_a_mode(q: [b H n Dh], k: [b H n Dh], v: [b H n Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, dropout_p=0.1, mode=0.5)  # error E0505 "argument `mode` must be a Mode"

fn grouped_without_asking(q: [b H n Dh], k: [b G n Dh], v: [b G n Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v)  # error E0504 "`enable_gqa=true` takes fewer heads"

fn not_a_divisor(q: [b H n Dh], k: [b T n Dh], v: [b T n Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, enable_gqa=true)  # error E0504 "or with heads that divide theirs"

fn unknown_flag(q: [b H n Dh], k: [b G n Dh], v: [b G n Dh], gqa: bool) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, enable_gqa=gqa)  # error E0505 "argument `enable_gqa` must be `true` or `false` as written"
