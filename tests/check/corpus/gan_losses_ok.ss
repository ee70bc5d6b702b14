# A GAN's two losses: a discriminator of LeakyReLU layers, a generator of
# ELU layers, the non-saturating losses through softplus.
dim Z = 16
dim P = 64
dim H = 128

model Disc:
    w1: [P H] = normal(0.02)
    w2: [H H] = normal(0.02)
    out: [H] = normal(0.02)

model Gen:
    w1: [Z H] = normal(0.02)
    w2: [H P] = normal(0.02)

fn critic(d: Disc, x: [b P]) -> [b]:
    h = leaky_relu(x @ d.w1, 0.2) |> matmul(d.w2) |> leaky_relu(negative_slope=0.2)
    return sum(h * d.out, over=H)

fn generate(g: Gen, z: [b Z]) -> [b P]:
    return tanh(elu(z @ g.w1) @ g.w2)

fn d_loss(d: Disc, g: Gen, real: [b P], z: [b Z]) -> [] f32:
    fake = generate(g, z) |> detach
    return mean(softplus(-critic(d, real))) + mean(softplus(critic(d, fake)))

fn g_loss(d: Disc, g: Gen, z: [b Z]) -> [] f32:
    return mean(softplus(-critic(d, generate(g, z))))
