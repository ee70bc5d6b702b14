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
    mine = [x, memory, a.norm_w, a.norm_b, a.q_w, a.kv_w, a.q_b, a.kv_b, a.out_w, a.out_b]
    theirs = [x, memory, a.norm_w, a.norm_b, mha.in_proj_weight, mha.in_proj_bias, mha.out_proj.weight]
    theirs.append(mha.out_proj.bias)
    g = torch.autograd.grad(got, mine, up)
    w = torch.autograd.grad(want, theirs, up)
    pairs = [*zip(g[:4], w[:4]), (torch.cat(g[4:6]), w[4]), (torch.cat(g[6:8]), w[5]), (g[8], w[6]), (g[9], w[7])]
    for ours, torchs in pairs:
        torch.testing.assert_close(ours, torchs, rtol=1e-4, atol=1e-4)
    # No gradient reaches the padded encoder positions.
    assert g[1][~keep].abs().max() == 0


def test_the_padded_encoder_positions_change_nothing(module):
    a = randomise(module.CrossAttention.init(seed=0))
    x, memory, keep = inputs()
    other = torch.where(keep[..., None], memory, torch.randn(B, M, D) * 100)
    for fused in (False, True):
        torch.testing.assert_close(
            module.cross_attention(a, x, other, keep, fused), module.cross_attention(a, x, memory, keep, fused)
        )
