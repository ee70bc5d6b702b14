# A GPT-2 block: pre-norm with biased layer norms, a fused QKV projection
# with bias, causal attention, a tanh-GELU MLP and learned positions.
dim V  = 1000
dim T  = 128      # context length
dim D  = 192
dim H  = 6
dim Dh = D / H
dim F  = 4 * D

model Gpt2:
    wte:    [V D]   = normal(0.02)
    wpe:    [T D]   = normal(0.01)
    ln1_w:  [D]     = ones
    ln1_b:  [D]     = zeros
    c_attn: [D 3*D] = normal(0.02)
    b_attn: [3*D]   = zeros
    c_proj: [D D]   = normal(0.02)
    b_proj: [D]     = zeros
    ln2_w:  [D]     = ones
    ln2_b:  [D]     = zeros
    fc_w:   [D F]   = normal(0.02)
    fc_b:   [F]     = zeros
    out_w:  [F D]   = normal(0.02)
    out_b:  [D]     = zeros
    lnf_w:  [D]     = ones
    lnf_b:  [D]     = zeros

fn attn(m: Gpt2, x: [b n D]) -> [b n D]:
    qkv = x @ m.c_attn + m.b_attn
    q, k, v = qkv |> split(b n (3 H Dh) -> b H n Dh)
    y = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
    y = y |> rearrange(b H n Dh -> b n (H Dh))
    return y @ m.c_proj + m.b_proj

fn mlp(m: Gpt2, x: [b n D]) -> [b n D]:
    h = x @ m.fc_w + m.fc_b |> gelu(approximate="tanh")
    return h @ m.out_w + m.out_b

fn block(m: Gpt2, x: [b n D]) -> [b n D]:
    x = x + attn(m, layer_norm(x, over=D, weight=m.ln1_w, bias=m.ln1_b))
    return x + mlp(m, layer_norm(x, over=D, weight=m.ln2_w, bias=m.ln2_b))

fn forward(m: Gpt2, ids: [b T] Index[V]) -> [b T V] Logit over V:
    pos = arange(0, T) as [T] Index[T]
    x = embedding(ids, m.wte) + embedding(pos, m.wpe)
    x = block(m, x)
    x = x |> layer_norm(over=D, weight=m.lnf_w, bias=m.lnf_b)
    # the output head is tied to the token embedding
    return einsum(x, m.wte: b T D, V D -> b T V)
