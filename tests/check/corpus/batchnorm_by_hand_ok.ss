# Batch normalisation in training mode, by hand over the batch and the
# spatial axes, with a learned scale and shift per channel.
dim C = 32
dim G = 8         # groups
dim Cg = C / G    # channels per group

model BatchNorm:
    gamma: [C] = ones
    beta:  [C] = zeros

fn batch_norm(bn: BatchNorm, x: [b C h w], eps: float = 1e-5) -> [b C h w]:
    mu = x |> reduce(b C h w -> C, mean)
    centered = x - mu
    var = reduce(centered ** 2: b C h w -> C, mean)
    return centered / sqrt(var + eps) * bn.gamma + bn.beta

fn group_norm(x: [b C h w], eps: float = 1e-5) -> [b C h w]:
    y = x |> rearrange(b (G Cg) h w -> b G Cg h w)
    mu = reduce(y: b G Cg h w -> b G, mean)
    var = reduce((y - mu) ** 2: b G Cg h w -> b G, mean)
    z = (y - mu) / sqrt(var + eps)
    return z |> rearrange(b G Cg h w -> b (G Cg) h w) as [b C h w]
