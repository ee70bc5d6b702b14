# EDM's preconditioning (Karras et al.): per-example noise levels give the
# skip, output, input and noise scalings, broadcast over the image, around
# a denoiser network given here as a single convolution.
import python torch

dim C = 3
dim H = 16

extern fn conv3x3(x: [b ci h w], weight: [co ci 3 3], padding: int = 1) -> [b co h w] = torch.nn.functional.conv2d

model Denoiser:
    w_in: [H C 3 3] = normal(0.05)
    w_out: [C H 3 3] = normal(0.05)
    w_noise: [H] = normal(0.05)

fn denoise(m: Denoiser, x: [b C h w], sigma: [b], sigma_data: float) -> [b C h w]:
    s2 = sigma ** 2 + sigma_data ** 2
    c_skip = sigma_data ** 2 / s2
    c_out = sigma * sigma_data / sqrt(s2)
    c_in = 1.0 / sqrt(s2)
    c_noise = log(sigma) / 4.0
    h = conv3x3(x * rearrange(c_in: b -> b 1 1 1), m.w_in)
    noise = rearrange(c_noise: b -> b 1) * rearrange(m.w_noise: H -> 1 H) |> rearrange(b H -> b H 1 1)
    h = silu(h + noise)
    f = conv3x3(h, m.w_out)
    return rearrange(c_skip: b -> b 1 1 1) * x + rearrange(c_out: b -> b 1 1 1) * f
