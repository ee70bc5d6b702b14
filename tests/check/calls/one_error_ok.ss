# The calls of one_error.ss, written correctly.
fn conv1x1(x: [b Ci h w], weight: [Co Ci], bias: [Co]) -> [b Co h w]:
    y = einsum(x, weight: b Ci h w, Co Ci -> b h w Co) + bias
    return y |> rearrange(b h w Co -> b Co h w)

fn masked_pool(x: [b n D], keep: [b n] Mask) -> [b D]:
    y = masked_fill(x, !keep, 0.0)
    return y |> reduce(b n D -> b D, sum)

fn stem(x: [b 3 32 32], w: [16 3], bias: [16]) -> [b 16 32 32]:
    return conv1x1(x, w, bias)

fn norm(x: [b n D], w: [D], bias: [D]) -> [b n D]:
    return layer_norm(x, over=D, weight=w, bias=bias)

fn loss(z: [b K] Logit over K, y: [b] Index[K]) -> [] f32:
    return cross_entropy(z, y)

fn choose(att: [b n m], other: [b n m]) -> [b n m]:
    return where(other > 0.0, att, att)
