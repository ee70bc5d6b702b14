# Grouped-query attention that forgets to repeat the key heads: 8 query
# heads against 2 key heads.
dim D   = 256
dim H   = 8
dim Hkv = 2
dim Dh  = D / H

fn gqa(x: [b n D], wq: [D (H Dh)], wk: [D (Hkv Dh)], wv: [D (Hkv Dh)]) -> [b H n Dh]:
    q = x @ wq |> rearrange(b n (H Dh) -> b H n Dh)
    k = x @ wk |> rearrange(b n (Hkv Dh) -> b Hkv n Dh)
    v = x @ wv |> rearrange(b n (Hkv Dh) -> b Hkv n Dh)
    return scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])  # error E0504 col=44 "it is [b Hkv n Dh]"
