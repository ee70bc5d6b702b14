"""examples/attention.ss against the same attention written by hand in
PyTorch: outputs and gradients, and the argument checks."""

import math

import pytest
import torch

import shapescript
from conftest import EXAMPLES

D, H = 768, 12
Dh = D // H


def by_hand(x, w_qkv, w_o):
    b, n, _ = x.shape
    q, k, v = (x @ w_qkv).view(b, n, 3, H, Dh).permute(2, 0, 3, 1, 4)
    att = (q @ k.transpose(-1, -2)) / math.sqrt(Dh)
    keep = torch.ones(n, n, dtype=torch.bool).tril()
    att = att.masked_fill(~keep, float("-inf")).softmax(-1)
    return (att @ v).transpose(1, 2).reshape(b, n, D) @ w_o


def inputs(b=2, n=7):
    x = torch.randn(b, n, D, requires_grad=True)
    w_qkv = (torch.randn(D, 3 * D) * 0.02).requires_grad_()
    w_o = (torch.randn(D, D) * 0.02).requires_grad_()
    return x, w_qkv, w_o


@pytest.mark.parametrize("checks", ["always", "never"])
def test_outputs_and_gradients_match_pytorch(build, checks):
    module = build(EXAMPLES / "attention.ss", "--checks", checks)
    args = inputs()
    got = module.causal_attention(*args)
    want = by_hand(*args)
    assert got.shape == (2, 7, D)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
    upstream = torch.randn_like(got)
    grads_got = torch.autograd.grad(got, args, upstream)
    grads_want = torch.autograd.grad(want, args, upstream)
    for g, w in zip(grads_got, grads_want, strict=True):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-5)


def test_a_wrong_size_is_an_argument_error(build):
    module = build(EXAMPLES / "attention.ss", "--checks", "always")
    x, w_qkv, w_o = inputs()
    with pytest.raises(shapescript.ArgumentError) as error:
        module.causal_attention(x[:, :, :700], w_qkv, w_o)
    message = str(error.value)
    assert "causal_attention" in message and "`x`" in message and "768" in message and "700" in message


def test_a_wrong_dtype_is_an_argument_error(build):
    module = build(EXAMPLES / "attention.ss", "--checks", "always")
    x, w_qkv, w_o = inputs()
    with pytest.raises(shapescript.ArgumentError) as error:
        module.causal_attention(x.double(), w_qkv, w_o)
    assert "f32" in str(error.value) and "float64" in str(error.value)


def test_checks_never_skips_the_checks(build):
    module = build(EXAMPLES / "attention.ss", "--checks", "never")
    x, w_qkv, w_o = inputs()
    # Without the check, torch itself fails, later and less clearly.
    with pytest.raises(Exception) as error:
        module.causal_attention(x[:, :, :700], w_qkv, w_o)
    assert not isinstance(error.value, shapescript.ArgumentError)
