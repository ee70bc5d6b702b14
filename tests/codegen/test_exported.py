"""examples/exported.ss built as usual (its export is tests/cli/test_export.py)
against the same functions by hand in PyTorch: the `as` on a selection, the
`if` on a `[] Mask`, the recurrent loop, and their gradients."""

import pytest
import torch

import shapescript
from conftest import EXAMPLES


@pytest.fixture
def module(build):
    return build(EXAMPLES / "exported.ss", "--checks", "always")


def test_the_first_image_patches_and_the_as_check(module):
    tokens = torch.randn(2, 196, 768)
    assert torch.equal(module.first_image_patches(tokens), tokens[0])
    tokens[0, 3] = 0.0
    with pytest.raises(shapescript.ArgumentError, match=r"exported.ss:14: `as \[N D\]`"):
        module.first_image_patches(tokens)


@pytest.mark.parametrize("spread", [0.01, 1.0])  # under the limit, and over it
def test_clip_norm_to_against_torch(module, spread):
    x = (torch.randn(5, 768) * spread).requires_grad_()
    norm = x.pow(2).sum().sqrt()
    want = x * (10.0 / norm) if norm > 10.0 else x
    got = module.clip_norm_to(x)
    torch.testing.assert_close(got, want)
    torch.testing.assert_close(torch.autograd.grad(got.sum(), x)[0], torch.autograd.grad(want.sum(), x)[0])


def test_recurrent_state_against_torch(module):
    x, w = torch.randn(6, 768), torch.randn(768, 768) / 30
    h = torch.zeros(768)
    for t in range(6):
        h = torch.tanh(h @ w + x[t])
    torch.testing.assert_close(module.recurrent_state(x, w), h)
