"""examples/vae.ss against the same VAE written by hand in PyTorch, on the
compiled model's own weights: the loss and every field's gradient, in Eval
(the latent is its mean) and in Train (the reparameterisation's noise drawn
as the program draws it: the mode's seed at the draw's path); a few
training steps lower the loss; generated digits are pixels in 0..1."""

import torch
import torch.nn.functional as F

import shapescript.rt as _ss_rt
from against_torch import assert_same, randomise
from conftest import EXAMPLES
from shapescript.datasets import digits
from shapescript.modes import draw_seed


def loss_by_hand(m, x, noise):
    h = F.relu(x @ m.enc_w + m.enc_b)
    mu, logvar = h @ m.mu_w + m.mu_b, h @ m.logvar_w + m.logvar_b
    z = mu + torch.exp(0.5 * logvar) * noise
    logits = F.relu(z @ m.dec_w + m.dec_b) @ m.out_w + m.out_b
    reconstruction = F.binary_cross_entropy_with_logits(logits, x, reduction="none").sum(1)
    kl = -0.5 * (1 + logvar - mu**2 - logvar.exp()).sum(1)
    return (reconstruction + kl).mean()


def images(n=32):
    return digits()[0]["image"][:n].float()


def test_the_loss_and_its_gradients_match_pytorch_in_eval_and_train(build):
    module = build(EXAMPLES / "vae.ss")
    m = randomise(module.Vae.init(seed=0))
    x = images()
    assert_same(module.loss(m, x, _ss_rt.Eval), loss_by_hand(m, x, torch.zeros(32, 8)), m.parameters())
    mode = _ss_rt.Train(seed=5)
    g = torch.Generator().manual_seed(draw_seed(mode.at("randn_like#0")))
    noise = torch.empty(32, 8).normal_(0, 1, generator=g)
    assert_same(module.loss(m, x, mode), loss_by_hand(m, x, noise), m.parameters())


def test_training_lowers_the_loss_and_generates_pixels(build):
    module = build(EXAMPLES / "vae.ss")
    m = module.Vae.init(seed=0)
    opt = _ss_rt.adamw(m, lr=1e-3)
    data = _ss_rt.cast(digits()[0], _ss_rt.DatasetSpec(module.Digit), "t.ss:1")
    x = images(256)
    before = module.loss(m, x, _ss_rt.Eval).item()
    mode = _ss_rt.Train(seed=0)
    for batch in _ss_rt.batches(data, 64):
        module.train_step(m, opt, batch, mode)
    assert module.loss(m, x, _ss_rt.Eval).item() < before
    drawn = module.generate(m, _ss_rt.Sample(seed=1))
    assert drawn.shape == (16, 64) and drawn.min() >= 0 and drawn.max() <= 1
    assert torch.equal(drawn, module.generate(m, _ss_rt.Sample(seed=1)))
    assert not torch.equal(drawn, module.generate(m, _ss_rt.Sample(seed=2)))
