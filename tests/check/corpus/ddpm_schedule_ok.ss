# DDPM's forward process and loss: a noise schedule looked up by each
# example's timestep, q(x_t | x_0) = sqrt(a_t) x_0 + sqrt(1 - a_t) noise,
# and the denoiser's mean squared error against the noise.
dim T = 1000     # diffusion steps
dim C = 3
dim P = 64       # pixels, flattened
dim D = 128

model Denoiser:
    w_in: [C D] = normal(0.02)
    w_t: [T D] = normal(0.02)
    w_out: [D C] = normal(0.02)

fn q_sample(alpha_bar: [T], x0: [b P C], t: [b] Index[T], noise: [b P C]) -> [b P C]:
    a = alpha_bar[t]
    return sqrt(a) * x0 + sqrt(1.0 - a) * noise

fn denoise(m: Denoiser, x: [b P C], t: [b] Index[T]) -> [b P C]:
    h = x @ m.w_in + m.w_t[t]
    return gelu(h) @ m.w_out

fn loss(m: Denoiser, alpha_bar: [T], x0: [b P C], t: [b] Index[T], noise: [b P C]) -> [] f32:
    xt = q_sample(alpha_bar, x0, t, noise)
    return mean((denoise(m, xt, t) - noise) ** 2)
