# A Llama-style decoder layer with grouped-query attention: 8 query heads
# share 2 key/value heads, keys and values repeated to match.
dim D   = 512
dim H   = 8
dim Hkv = 2
dim G   = H / Hkv
dim Dh  = D / H
dim F   = 1376

model Layer:
    attn_norm: [D]          = ones
    wq:        [(H Dh) D]   = normal(0.02)
    wk:        [(Hkv Dh) D] = normal(0.02)
    wv:        [(Hkv Dh) D] = normal(0.02)
    wo:        [D (H Dh)]   = normal(0.02)
    ffn_norm:  [D]          = ones
    w1:        [F D]        = normal(0.02)
    w3:        [F D]        = normal(0.02)
    w2:        [D F]        = normal(0.02)

fn expand_kv(t: [b Hkv n Dh]) -> [b H n Dh]:
    return t |> repeat(b Hkv n Dh -> b (Hkv G) n Dh) as [b H n Dh]

fn attention(l: Layer, x: [b n D]) -> [b n D]:
    h = rms_norm(x, over=D, weight=l.attn_norm)
    q = linear(h, l.wq) |> rearrange(b n (H Dh) -> b H n Dh)
    k = linear(h, l.wk) |> rearrange(b n (Hkv Dh) -> b Hkv n Dh) |> expand_kv
    v = linear(h, l.wv) |> rearrange(b n (Hkv Dh) -> b Hkv n Dh) |> expand_kv
    o = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
    return o |> rearrange(b H n Dh -> b n (H Dh)) |> linear(l.wo)

fn feed_forward(l: Layer, x: [b n D]) -> [b n D]:
    h = rms_norm(x, over=D, weight=l.ffn_norm)
    gate = silu(linear(h, l.w1))
    return linear(gate * linear(h, l.w3), l.w2)

fn layer(l: Layer, x: [b n D]) -> [b n D]:
    x = x + attention(l, x)
    return x + feed_forward(l, x)
