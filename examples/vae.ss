# A variational autoencoder on the 8x8 digits: the encoder gives each
# image's latent mean and log-variance, the latent is drawn by the
# reparameterisation trick (`randn_like`: 0 in Eval, so there the latent is
# its mean), the decoder gives the pixels' logits. New digits are decoded
# from latents drawn from the prior with `randn`.
import python shapescript.datasets

dim P = 64  # the 8x8 pixels, in 0..1
dim H = 128
dim Z = 8

model Vae:
    enc_w: [P H] = normal(0.05)
    enc_b: [H] = zeros
    mu_w: [H Z] = normal(0.05)
    mu_b: [Z] = zeros
    logvar_w: [H Z] = normal(0.05)
    logvar_b: [Z] = zeros
    dec_w: [Z H] = normal(0.05)
    dec_b: [H] = zeros
    out_w: [H P] = normal(0.05)
    out_b: [P] = zeros

data Digit:
    image: [P]
    label: Index[10]

fn encode(m: Vae, x: [b P]) -> ([b Z], [b Z]):
    h = x @ m.enc_w + m.enc_b |> relu
    return h @ m.mu_w + m.mu_b, h @ m.logvar_w + m.logvar_b

fn decode(m: Vae, z: [b Z]) -> [b P]:
    h = z @ m.dec_w + m.dec_b |> relu
    return h @ m.out_w + m.out_b

# The negative evidence lower bound per image: the pixels' binary cross
# entropy from logits, and the latent's KL divergence from the prior.
fn loss(m: Vae, x: [b P], mode: Mode) -> [] f32:
    mu, logvar = encode(m, x)
    z = mu + exp(0.5 * logvar) * randn_like(mu, mode)
    logits = decode(m, z)
    reconstruction = sum(softplus(logits) - x * logits, over=P)
    kl = -0.5 * sum(1.0 + logvar - mu * mu - exp(logvar), over=Z)
    return mean(reconstruction + kl)

fn train_step(mut m: Vae, mut opt: Optimizer[Vae], batch: Batch[Digit], mode: Mode) -> [] f32:
    l, grads = value_and_grad(loss, m, batch.image, mode)
    update(m, opt, grads)
    return l

# 16 new digits, their pixels in 0..1.
fn generate(m: Vae, mode: Mode) -> [16 P]:
    return decode(m, randn([16 Z], mode)) |> sigmoid

fn main(epochs: int = 10):
    train, test = shapescript.datasets.digits() as (Dataset[Digit], Dataset[Digit])
    m = Vae.init(seed=0)
    opt = adamw(m, lr=1e-3)
    mode = Train(seed=0)
    for epoch in 0..epochs:
        for batch in train |> shuffle(seed=epoch) |> batches(64):
            log(epoch=epoch, loss=train_step(m, opt, batch, mode))
        for batch in test |> batches(512):
            log(epoch=epoch, test_loss=loss(m, batch.image, Eval))
    save("vae.safetensors", m, opt)
