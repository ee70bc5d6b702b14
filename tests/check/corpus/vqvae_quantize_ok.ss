# VQ-VAE's quantiser: each encoder vector's nearest codebook entry (by
# squared distance), the straight-through estimator, and the commitment
# and codebook losses.
extern fn detach(x: [..s]) -> [..s] = torch.Tensor.detach

dim K = 512      # codes
dim D = 64

model Codebook:
    codes: [K D] = normal(1.0)

fn nearest(cb: Codebook, z: [b n D]) -> [b n] Index[K]:
    cross = einsum(z, cb.codes: b n D, K D -> b n K)
    norms = sum(cb.codes * cb.codes, over=D)
    return argmin(norms - 2.0 * cross, over=K)

fn quantize(cb: Codebook, z: [b n D]) -> ([b n D], [] f32):
    q = embedding(nearest(cb, z), cb.codes)
    commitment = mean((z - detach(q)) ** 2)
    codebook = mean((detach(z) - q) ** 2)
    return z + detach(q - z), codebook + 0.25 * commitment
