# Normalisations written by hand with var: LayerNorm over features (the
# biased variance, as torch's layer_norm), BatchNorm's batch statistics,
# and instance norm over an image's pixels.
dim D = 16
dim C = 8

fn layer_norm_by_hand(x: [b n D], w: [D], bias: [D]) -> [b n D]:
    mu = mean(x, over=D, keepdim=true)
    sigma2 = var(x, over=D, keepdim=true, correction=0)
    return (x - mu) / sqrt(sigma2 + 1e-5) * w + bias

fn batch_norm_train(x: [b C], gamma: [C], beta: [C]) -> ([b C], [C], [C]):
    mu = mean(x, over=b)
    sigma2 = var(x, over=b, correction=0)
    y = (x - mu) * rsqrt(sigma2 + 1e-5) * gamma + beta
    return y, mu, var(x, over=b)

fn instance_norm(img: [b C h w]) -> [b C h w]:
    mu = reduce(img: b C h w -> b C 1 1, mean)
    sigma2 = reduce((img - mu) ** 2: b C h w -> b C 1 1, mean)
    return (img - mu) * rsqrt(sigma2 + 1e-5)
