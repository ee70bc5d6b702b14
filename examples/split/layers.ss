# What both models here are made of (docs/modules.md): the sizes they
# share and a pre-norm transformer block, causal for the language model and
# bidirectional for the classifier. `import layers` in a file beside this one.
dim D = 64  # model width
dim H = 4  # heads
dim Dh = D / H  # head width
dim F = 4 * D  # feed-forward width

model Block:
    ln1_w: [D] = ones
    ln1_b: [D] = zeros
    qkv: [3*D D] = normal(0.02)
    proj: [D D] = normal(0.02)
    ln2_w: [D] = ones
    ln2_b: [D] = zeros
    up: [F D] = normal(0.02)
    down: [D F] = normal(0.02)

fn _heads(m: Block, x: [b n D]) -> ([b H n Dh], [b H n Dh], [b H n Dh]):
    h = x |> layer_norm(over=D, weight=m.ln1_w, bias=m.ln1_b)
    q, k, v = h |> linear(m.qkv) |> split(b n (3 H Dh) -> b H n Dh)
    return q, k, v

fn _mlp(m: Block, x: [b n D]) -> [b n D]:
    h = x |> layer_norm(over=D, weight=m.ln2_w, bias=m.ln2_b)
    return x + (h |> linear(m.up) |> gelu |> linear(m.down))

# Each position sees those before it.
fn causal_block(m: Block, x: [b n D]) -> [b n D]:
    q, k, v = _heads(m, x)
    att = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n]) |> rearrange(b H n Dh -> b n (H Dh))
    return _mlp(m, x + linear(att, m.proj))

# Each position sees them all.
fn block(m: Block, x: [b n D]) -> [b n D]:
    q, k, v = _heads(m, x)
    att = scaled_dot_product_attention(q, k, v) |> rearrange(b H n Dh -> b n (H Dh))
    return _mlp(m, x + linear(att, m.proj))
