# GPT-2 (Radford et al., 2019), small, in two files the way a model is often
# split: its sizes, weights and block here, its forward function in gpt2.ss
# (`import gpt2_layers` in a file beside this one). Pre-norm blocks with
# biased layer norms, one fused QKV projection with a bias, learned position
# embeddings and the tanh approximation of GELU; examples/gpt2.ss is the
# same model in one file.
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
