"""scaled_dot_product_attention's attn_mask is placed by axis name in the
scores `[..s n m]` and laid out there by the generated code: a key padding
mask `[b m]` or `[m]`, a per-example `[b n m]`, a transposed `[m n]`, a float bias
over the heads `[H n m]`, a causal mask over self-attention `[n n]`, and a
mask over a variadic group, and a `[]` mask. Each is compared with attention written by
hand in torch, with the mask broadcast explicitly."""

import math

import torch

from conftest import ROOT

SOURCE = ROOT / "tests" / "check" / "calls" / "attention_ok.ss"  # checked clean there

B, H, N, M, D, E = 2, 3, 4, 5, 8, 6


def by_hand(q, k, v, mask):
    """Attention with `mask` already laid out as [b H n m] (bool: may look)."""
    scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
    if mask.dtype == torch.bool:
        scores = scores.masked_fill(~mask, float("-inf"))
    else:
        scores = scores + mask
    return scores.softmax(-1) @ v


def inputs(m=M):
    g = torch.Generator().manual_seed(0)
    q = torch.randn(B, H, N, D, generator=g)
    k = torch.randn(B, H, m, D, generator=g)
    v = torch.randn(B, H, m, E, generator=g)
    return q, k, v


def close(a, b):
    assert a.shape == b.shape
    assert torch.allclose(a, b, atol=1e-5), (a - b).abs().max()


def test_masks_are_laid_out_by_name(build):
    mod = build(SOURCE)
    q, k, v = inputs()
    keep = torch.ones(B, M, dtype=torch.bool)
    keep[0, 3:] = False
    keep[1, :1] = False
    close(mod.key_padding(q, k, v, keep), by_hand(q, k, v, keep[:, None, None, :].expand(B, H, N, M)))

    # one axis, the keys': torch wants two at least (found by the mutation test)
    close(mod.keys_only(q, k, v, keep[0]), by_hand(q, k, v, keep[0].expand(B, H, N, M)))

    # no axis: one value for every score (found by the mutation test, seed 7717)
    every = torch.tensor(True)
    close(mod.everything_or_nothing(q, k, v, every), by_hand(q, k, v, every.expand(B, H, N, M)))

    per = torch.rand(B, N, M, generator=torch.Generator().manual_seed(1)) > 0.3
    per[..., 0] = True  # every query sees a key
    close(mod.per_example(q, k, v, per), by_hand(q, k, v, per[:, None].expand(B, H, N, M)))

    t = per[0].T.contiguous()  # [m n]
    close(mod.transposed(q, k, v, t), by_hand(q, k, v, t.T.expand(B, H, N, M)))

    bias = torch.randn(H, N, M, generator=torch.Generator().manual_seed(2))
    close(mod.head_bias(q, k, v, bias), by_hand(q, k, v, bias.expand(B, H, N, M)))


def test_causal_self_attention(build):
    mod = build(SOURCE)
    q, _, _ = inputs()
    k, v = torch.randn(B, H, N, D), torch.randn(B, H, N, E)
    lower = torch.ones(N, N, dtype=torch.bool).tril()
    close(mod.causal_self(q, k, v), by_hand(q, k, v, lower.expand(B, H, N, N)))


def test_a_mask_over_a_group(build):
    mod = build(SOURCE)
    q, k, v = inputs()
    keep = torch.rand(B, H, M, generator=torch.Generator().manual_seed(3)) > 0.4
    keep[..., 0] = True
    close(mod.grouped(q, k, v, keep), by_hand(q, k, v, keep[:, :, None, :].expand(B, H, N, M)))
