# torch's options of scaled_dot_product_attention, typed.
dim H = 8
dim G = 2
dim Dh = 16

fn causal_flag(q: [b H n Dh], k: [b H n Dh], v: [b H n Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, is_causal=true, scale=0.1)

fn grouped(q: [b H n Dh], k: [b G m Dh], v: [b G m Dh], mode: Mode) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, enable_gqa=true, dropout_p=0.1, mode=mode)
