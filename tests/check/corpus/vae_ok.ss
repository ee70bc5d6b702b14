# A variational autoencoder: the encoder gives a mean and a log-variance,
# the reparameterisation draws through torch.randn_like, the loss adds the
# KL term to the reconstruction error.
import python torch

dim P = 784
dim H = 400
dim Z = 20

extern fn randn_like(x: [..s]) -> [..s] = torch.randn_like

model Vae:
    enc:    [P H] = normal(0.02)
    to_mu:  [H Z] = normal(0.02)
    to_lv:  [H Z] = normal(0.02)
    dec1:   [Z H] = normal(0.02)
    dec2:   [H P] = normal(0.02)

fn encode(m: Vae, x: [b P]) -> ([b Z], [b Z]):
    h = relu(x @ m.enc)
    return h @ m.to_mu, h @ m.to_lv

fn reparameterize(mu: [b Z], logvar: [b Z]) -> [b Z]:
    std = exp(0.5 * logvar)
    return mu + randn_like(std) * std

fn elbo_loss(m: Vae, x: [b P]) -> [] f32:
    mu, logvar = encode(m, x)
    z = reparameterize(mu, logvar)
    recon = sigmoid(relu(z @ m.dec1) @ m.dec2)
    rec = sum((recon - x) ** 2, over=P) |> mean
    kld = -0.5 * mean(sum(1.0 + logvar - mu ** 2 - exp(logvar), over=Z))
    return rec + kld
