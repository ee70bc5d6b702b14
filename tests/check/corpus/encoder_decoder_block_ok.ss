# A Transformer decoder layer of an encoder-decoder model (post-norm, as in
# the original paper): masked self-attention, cross-attention over a padded
# source, then a ReLU feed-forward layer.
dim D  = 512
dim H  = 8
dim Dh = D / H
dim F  = 2048

model DecoderLayer:
    self_qkv: [D 3*D] = normal(0.02)
    self_out: [D D]   = normal(0.02)
    cross_q:  [D D]   = normal(0.02)
    cross_kv: [D 2*D] = normal(0.02)
    cross_out: [D D]  = normal(0.02)
    ff1: [D F] = normal(0.02)
    ff2: [F D] = normal(0.02)
    n1: [D] = ones
    n2: [D] = ones
    n3: [D] = ones

fn merge(x: [b H t Dh]) -> [b t D]:
    return x |> rearrange(b H t Dh -> b t (H Dh))

fn decoder_layer(l: DecoderLayer, y: [b n D], memory: [b s D], src_keep: [b s] Mask, mode: Mode) -> [b n D]:
    q, k, v = y @ l.self_qkv |> split(b n (3 H Dh) -> b H n Dh)
    a = scaled_dot_product_attention(q, k, v, attn_mask=causal[n n]) |> merge
    y = layer_norm(y + dropout(a @ l.self_out, 0.1, mode), over=D, weight=l.n1)

    cq = y @ l.cross_q |> rearrange(b n (H Dh) -> b H n Dh)
    ck, cv = memory @ l.cross_kv |> split(b s (2 H Dh) -> b H s Dh)
    c = scaled_dot_product_attention(cq, ck, cv, attn_mask=src_keep) |> merge
    y = layer_norm(y + dropout(c @ l.cross_out, 0.1, mode), over=D, weight=l.n2)

    f = y @ l.ff1 |> relu |> dropout(0.1, mode) |> matmul(l.ff2)
    return layer_norm(y + f, over=D, weight=l.n3)
