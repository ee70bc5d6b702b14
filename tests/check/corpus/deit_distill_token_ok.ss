# DeiT's two readout tokens: a class token and a distillation token are
# prepended to the patches; each has its own head, averaged at test time.
dim N = 196
dim D = 192
dim C = 1000

model Deit:
    cls:  [D] = zeros
    dist: [D] = zeros
    pos:  [N+2 D] = normal(0.02)
    head: [D C] = normal(0.02)
    head_dist: [D C] = normal(0.02)

fn with_tokens(m: Deit, patches: [b N D]) -> [b N+2 D]:
    c = m.cls |> repeat(D -> b t D, t=1)
    d = m.dist |> repeat(D -> b t D, t=1)
    x = cat(c, d, over=t)
    return cat(x, patches, over=t) as [b N+2 D] + m.pos

fn heads(m: Deit, x: [b N+2 D]) -> [b C] Logit over C:
    cls_out = x[.., 0] @ m.head
    dist_out = x[.., 1] @ m.head_dist
    return (cls_out + dist_out) / 2.0
