# A vector-quantisation bottleneck (VQ-VAE): each encoder vector snaps to
# its nearest codebook entry, with the commitment loss and a
# straight-through estimate written with a detach through torch.
import python torch

dim D = 64
dim K = 512      # codebook size

extern fn detach(x: [..s]) -> [..s] = torch.Tensor.detach

model Codebook:
    codes: [K D] = uniform(-0.002, 0.002)

fn nearest(c: Codebook, z: [b n D]) -> [b n] Index[K]:
    dist = sum(z * z, over=D) - 2.0 * einsum(z, c.codes: b n d, K d -> b n K) + sum(c.codes * c.codes, over=D)
    return dist |> argmin(over=K)

fn quantize(c: Codebook, z: [b n D]) -> ([b n D], [] f32):
    q = embedding(nearest(c, z), c.codes)
    commitment = mean((z - detach(q)) ** 2)
    codebook = mean((detach(z) - q) ** 2)
    straight_through = z + detach(q - z)
    return straight_through, codebook + 0.25 * commitment
