"""examples/vit.ss against the same ViT written by hand in PyTorch (the patch
embedding as a strided convolution, the class token concatenated), on the
compiled model's own weights: logits, and the gradients of every field and
of the image."""

import pytest
import torch
import torch.nn.functional as F

from against_torch import assert_same, randomise
from conftest import EXAMPLES

C, S, Pz, D, L, H, K = 3, 32, 8, 64, 2, 4, 10
Dh = D // H


def encoder_block(m, x, i):
    batch, t, _ = x.shape
    h = F.layer_norm(x, (D,), m.ln1_w[i], m.ln1_b[i])
    q, k, v = F.linear(h, m.qkv_w[i], m.qkv_b[i]).view(batch, t, 3, H, Dh).permute(2, 0, 3, 1, 4)
    att = (q @ k.transpose(-1, -2) / Dh**0.5).softmax(-1) @ v
    x = x + F.linear(att.transpose(1, 2).reshape(batch, t, D), m.proj_w[i], m.proj_b[i])
    h = F.layer_norm(x, (D,), m.ln2_w[i], m.ln2_b[i])
    return x + F.linear(F.gelu(F.linear(h, m.fc_w[i], m.fc_b[i])), m.out_w[i], m.out_b[i])


def classify(m, image):
    patches = F.conv2d(image, m.patch_w.view(D, C, Pz, Pz), m.patch_b, stride=Pz)  # [b D gh gw]
    tokens = patches.flatten(2).transpose(1, 2)
    cls = m.cls.expand(image.shape[0], 1, D)
    x = torch.cat([cls, tokens], dim=1) + m.pos
    for i in range(L):
        x = encoder_block(m, x, i)
    return F.linear(F.layer_norm(x, (D,), m.norm_w, m.norm_b)[:, 0], m.head_w, m.head_b)


@pytest.mark.parametrize("checks", ["always", "never"])
def test_logits_and_gradients_match_pytorch(build, checks):
    module = build(EXAMPLES / "vit.ss", "--checks", checks, "--value-checks", checks)
    m = randomise(module.Vit.init(seed=0))
    image = torch.randn(3, C, S, S, requires_grad=True)
    got = module.classify(m, image)
    assert got.shape == (3, K)
    assert_same(got, classify(m, image), [image, *m.parameters()])
