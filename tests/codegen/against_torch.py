"""What the tests of the examples against hand-written PyTorch share: the
model's fields made random, so that a dropped or misplaced bias or norm weight
(initialised to zeros or ones) changes the numbers; and the comparison of
outputs and of every gradient."""

import torch


def randomise(model, seed=1, std=0.1):
    """Adds noise to every field of `model` in place, keeping its values' scale."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn(p.shape, generator=g) * std)
    return model


def assert_same(got, want, wrt, rtol=1e-4, atol=1e-5, grad_atol=1e-4):
    """`got` equals `want`, and so do their gradients with respect to each
    tensor of `wrt`, under one random cotangent."""
    assert got.shape == want.shape
    assert got.dtype == want.dtype
    torch.testing.assert_close(got, want, rtol=rtol, atol=atol)
    wrt = list(wrt)
    up = torch.randn(got.shape, generator=torch.Generator().manual_seed(2))
    grads_got = torch.autograd.grad(got, wrt, up, allow_unused=True)
    grads_want = torch.autograd.grad(want, wrt, up, allow_unused=True)
    for t, g, w in zip(wrt, grads_got, grads_want, strict=True):
        assert (g is None) == (w is None), tuple(t.shape)
        if g is not None:
            torch.testing.assert_close(g, w, rtol=rtol, atol=grad_atol)
