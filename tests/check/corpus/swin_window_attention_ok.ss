# Swin-style window attention: the feature map cut into 7x7 windows,
# attention inside each window with a learned relative bias per head.
dim C  = 96
dim H  = 3
dim Dh = C / H
dim W  = 7
dim N  = W * W

model WindowAttn:
    qkv:  [C 3*C] = normal(0.02)
    proj: [C C]   = normal(0.02)
    bias: [H N N] = zeros

fn window_attention(m: WindowAttn, x: [b (gh 7) (gw 7) C]) -> [b (gh 7) (gw 7) C]:
    win = x |> rearrange(b (gh wh) (gw ww) c -> (b gh gw) (wh ww) c, wh=W, ww=W)
    q, k, v = win @ m.qkv |> split(w N (3 H Dh) -> w H N Dh)
    o = scaled_dot_product_attention(q, k, v, attn_mask=m.bias) |> rearrange(w H N Dh -> w N (H Dh))
    y = o @ m.proj
    return y |> rearrange((b gh gw) (wh ww) c -> b (gh wh) (gw ww) c, b=b, gh=gh, wh=W, ww=W)
