# A GPT-2 attention whose fused projection was declared 2*D wide: the
# split into queries, keys and values can't factor it.
dim D  = 192
dim H  = 6
dim Dh = D / H

model Attn:
    c_attn: [D 2*D] = normal(0.02)
    b_attn: [2*D]   = zeros
    c_proj: [D D]   = normal(0.02)

fn attn(m: Attn, x: [b n D]) -> [b n D]:
    qkv = x @ m.c_attn + m.b_attn
    q, k, v = qkv |> split(b n (3 H Dh) -> b H n Dh)  # error E0405 col=32 "`(3 H Dh)`"
    y = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
    return (y |> rearrange(b H n Dh -> b n (H Dh))) @ m.c_proj
