# GroupNorm by hand, drop path, a triplet loss, a cosine-similarity matrix
# and mixup, written as in a PyTorch training script.
dim C = 32
dim G = 8
dim D = 16

fn group_norm(x: [b C h w], weight: [C], bias: [C]) -> [b C h w]:
    xg = x |> rearrange(b (g c) h w -> b g c h w, g=G)
    mu = mean(mean(mean(xg, over=c), over=h), over=w)
    centered = xg - rearrange(mu: b g -> b g 1 1 1)
    var = mean(mean(mean(centered ** 2, over=c), over=h), over=w)
    normed = centered / sqrt(rearrange(var: b g -> b g 1 1 1) + 1e-5)
    y = normed |> rearrange(b g c h w -> b (g c) h w)
    return y * rearrange(weight: C -> C 1 1) + rearrange(bias: C -> C 1 1)

fn drop_path(x: [b n D], keep: [b] Mask, p: float) -> [b n D]:
    return x * rearrange(where(keep, 1.0 / (1.0 - p), 0.0): b -> b 1 1)

fn triplet(a: [b D], pos: [b D], neg: [b D], margin: float) -> [] f32:
    dp = sqrt(sum((a - pos) ** 2, over=D))
    dn = sqrt(sum((a - neg) ** 2, over=D))
    return mean(relu(dp - dn + margin))

fn cosine_matrix(x: [n D], y: [m D]) -> [n m]:
    xn = x / rearrange(sqrt(sum(x ** 2, over=D)): n -> n 1)
    yn = y / rearrange(sqrt(sum(y ** 2, over=D)): m -> m 1)
    return einsum(xn, yn: n D, m D -> n m)

fn mixup(x: [b D], perm: [b] Index[b], lam: float) -> [b D]:
    return lam * x + (1.0 - lam) * x[perm]
