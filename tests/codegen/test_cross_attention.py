"""examples/cross_attention.ss against torch.nn.MultiheadAttention given the
compiled model's weights, with a key padding mask over a padded encoder:
outputs and gradients (of the inputs and of every weight), written out and
through the fused kernel; the padded encoder positions change nothing."""

import pytest
import torch
import torch.nn.functional as F

from against_torch import randomise
from conftest import EXAMPLES

B, N, M, D, H = 3, 5, 7, 64, 4


def by_hand(a):
    """A MultiheadAttention holding the same weights, and its residual block."""
    mha = torch.nn.MultiheadAttention(D, H, batch_first=True)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([a.q_w, a.kv_w]))
        mha.in_proj_bias.copy_(torch.cat([a.q_b, a.kv_b]))
        mha.out_proj.weight.copy_(a.out_w)
        mha.out_proj.bias.copy_(a.out_b)

    def block(x, memory, keep):
        h = F.layer_norm(x, (D,), a.norm_w, a.norm_b)
        out, _ = mha(h, memory, memory, key_padding_mask=~keep, need_weights=False)
        return x + out

    return mha, block


def inputs():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(B, N, D, generator=g, requires_grad=True)
    memory = torch.randn(B, M, D, generator=g, requires_grad=True)
    lengths = torch.tensor([M, 3, 1])
    keep = torch.arange(M)[None, :] < lengths[:, None]
    return x, memory, keep


@pytest.fixture
def module(build):
    return build(EXAMPLES / "cross_attention.ss", "--checks", "always", "--value-checks", "always")


@pytest.mark.parametrize("fused", [False, True])
def test_outputs_and_gradients_match_multihead_attention(module, fused):
    a = randomise(module.CrossAttention.init(seed=0))
    mha, block = by_hand(a)
    x, memory, keep = inputs()
    got = module.cross_attention(a, x, memory, keep, fused)
    want = block(x, memory, keep)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)

    up = torch.randn(got.shape, generator=torch.Generator().manual_seed(2))
    # Each of torch's tensors, and the ones of ours it is made of.
    pairs = [(t, [t]) for t in (x, memory, a.norm_w, a.norm_b)]
    pairs += [(mha.in_proj_weight, [a.q_w, a.kv_w]), (mha.in_proj_bias, [a.q_b, a.kv_b])]
    pairs += [(mha.out_proj.weight, [a.out_w]), (mha.out_proj.bias, [a.out_b])]
    ours = [t for _, parts in pairs for t in parts]
    g = iter(torch.autograd.grad(got, ours, up))
    w = torch.autograd.grad(want, [t for t, _ in pairs], up)
    for (_, parts), torchs in zip(pairs, w, strict=True):
        torch.testing.assert_close(torch.cat([next(g) for _ in parts]), torchs, rtol=1e-4, atol=1e-4)
    memory_grad = torch.autograd.grad(module.cross_attention(a, x, memory, keep, fused), memory, up)[0]
    # No gradient reaches the padded encoder positions.
    assert memory_grad[~keep].abs().max() == 0


def test_the_padded_encoder_positions_change_nothing(module):
    a = randomise(module.CrossAttention.init(seed=0))
    x, memory, keep = inputs()
    other = torch.where(keep[..., None], memory, torch.randn(B, M, D) * 100)
    for fused in (False, True):
        torch.testing.assert_close(
            module.cross_attention(a, x, other, keep, fused), module.cross_attention(a, x, memory, keep, fused)
        )
