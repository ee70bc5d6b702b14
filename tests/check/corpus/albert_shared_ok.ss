# ALBERT-style parameter sharing: one encoder layer applied L times, and a
# factorised embedding (a small vocabulary table projected up).
dim V  = 30000
dim E  = 128
dim D  = 768
dim H  = 12
dim Dh = D / H
dim L  = 12

model Albert:
    embed:  [V E]   = normal(0.02)
    proj:   [E D]   = normal(0.02)
    wqkv:   [D 3*D] = normal(0.02)
    wo:     [D D]   = normal(0.02)
    ln1:    [D]     = ones
    up:     [D 4*D] = normal(0.02)
    down:   [4*D D] = normal(0.02)
    ln2:    [D]     = ones

fn shared_layer(m: Albert, x: [b n D], keep: [b n] Mask) -> [b n D]:
    q, k, v = x @ m.wqkv |> split(b n (3 H Dh) -> b H n Dh)
    a = scaled_dot_product_attention(q, k, v, attn_mask=keep) |> rearrange(b H n Dh -> b n (H Dh))
    x = layer_norm(x + a @ m.wo, over=D, weight=m.ln1)
    return layer_norm(x + gelu(x @ m.up) @ m.down, over=D, weight=m.ln2)

fn encode(m: Albert, ids: [b n] Index[V], keep: [b n] Mask) -> [b n D]:
    x = embedding(ids, m.embed) @ m.proj
    for layer in 0..L:
        x = shared_layer(m, x, keep)
    return x
