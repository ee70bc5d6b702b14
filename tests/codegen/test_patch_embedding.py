"""examples/patch_embedding.ss against PyTorch by hand, on the model's own
weights; and its generic axes `(gh 16)` checked at the call."""

import pytest
import torch

import shapescript
from conftest import EXAMPLES

C, P, N, D = 3, 16, 196, 384


def patches_by_hand(image):
    b, c, h, w = image.shape
    x = image.reshape(b, c, h // P, P, w // P, P)
    return x.permute(0, 2, 4, 1, 3, 5).reshape(b, (h // P) * (w // P), c * P * P)


def test_model_fields_are_parameters_under_their_names(build):
    module = build(EXAMPLES / "patch_embedding.ss")
    m = module.PatchEmbed.init(seed=0)
    names = dict(m.named_parameters())
    assert set(names) == {"proj", "bias", "pos"}
    assert names["proj"].shape == (C * P * P, D) and names["pos"].shape == (N, D)
    again = module.PatchEmbed.init(seed=0)
    assert all(torch.equal(names[k], dict(again.named_parameters())[k]) for k in names)
    other = module.PatchEmbed.init(seed=1)
    assert not torch.equal(m.proj, other.proj)
    assert torch.equal(m.bias, torch.zeros(D))


def test_embed_matches_pytorch_with_gradients(build):
    module = build(EXAMPLES / "patch_embedding.ss", "--checks", "always")
    m = module.PatchEmbed.init(seed=0)
    image = torch.randn(2, C, 224, 224, requires_grad=True)
    got = module.embed(m, image)
    want = patches_by_hand(image) @ m.proj + m.bias + m.pos
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
    params = [image, m.proj, m.bias, m.pos]
    up = torch.randn_like(got)
    for g, w in zip(torch.autograd.grad(got, params, up), torch.autograd.grad(want, params, up), strict=True):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-4)


def test_patches_accepts_any_multiple_of_16(build):
    module = build(EXAMPLES / "patch_embedding.ss", "--checks", "always")
    image = torch.randn(1, C, 48, 32)
    torch.testing.assert_close(module.patches(image), patches_by_hand(image))
    with pytest.raises(shapescript.ArgumentError) as error:
        module.patches(torch.randn(1, C, 40, 32))
    assert "patches" in str(error.value) and "`image`" in str(error.value)
