# GPT-2 (Radford et al., 2019), small: pre-norm blocks with biased layer
# norms, one fused QKV projection with a bias, learned position embeddings,
# the tanh approximation of GELU, and the output projection tied to the token
# embedding.
dim V = 512  # vocabulary
dim P = 128  # context: learned positions
dim D = 128  # model width
dim L = 2  # layers
dim H = 4  # heads
dim Dh = D / H  # head width
dim F = 4 * D  # feed-forward width

model Gpt2:
    wte: [V D] = normal(0.02)
    wpe: [P D] = normal(0.01)
    ln1_w: [L D] = ones
    ln1_b: [L D] = zeros
    attn_w: [L 3*D D] = normal(0.02)
    attn_b: [L 3*D] = zeros
    proj_w: [L D D] = normal(0.02)
    proj_b: [L D] = zeros
    ln2_w: [L D] = ones
    ln2_b: [L D] = zeros
    fc_w: [L F D] = normal(0.02)
    fc_b: [L F] = zeros
    out_w: [L D F] = normal(0.02)
    out_b: [L D] = zeros
    lnf_w: [D] = ones
    lnf_b: [D] = zeros

fn block(m: Gpt2, x: [b n D], l: int) -> [b n D]:
    h = x |> layer_norm(over=D, weight=m.ln1_w[l], bias=m.ln1_b[l])
    q, k, v = h |> linear(m.attn_w[l], m.attn_b[l])
        |> split(b n (3 H Dh) -> b H n Dh)
    att = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n])
        |> rearrange(b H n Dh -> b n (H Dh))
    x = x + linear(att, m.proj_w[l], m.proj_b[l])
    h = x |> layer_norm(over=D, weight=m.ln2_w[l], bias=m.ln2_b[l])
    h = h |> linear(m.fc_w[l], m.fc_b[l]) |> gelu(approximate="tanh")
    return x + linear(h, m.out_w[l], m.out_b[l])

export fn forward(m: Gpt2, ids: [b n] Index[V], pos: [b n] Index[P]) -> [b n V] Logit over V:
    # Positions come in, as serving engines give them (docs/export.md).
    x = embedding(ids, m.wte) + embedding(pos, m.wpe)
    for l in 0..L:
        x = block(m, x, l)
    # The output projection is the token embedding, transposed.
    return x |> layer_norm(over=D, weight=m.lnf_w, bias=m.lnf_b) |> linear(m.wte)

# The next token of each sequence, drawn from the last position's logits at
# a temperature: with `Sample(seed=...)` a draw, with `Eval` the most likely.
fn next_token(m: Gpt2, ids: [b n] Index[V], pos: [b n] Index[P], temperature: float, mode: Mode) -> [b] Index[V]:
    last = forward(m, ids, pos)[n: -1]
    return sample(last / temperature, mode)
