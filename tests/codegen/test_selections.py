"""Two selections by one mask have one size, and add as torch does."""

import torch

from conftest import ROOT


def test_selections_by_one_mask(build):
    m = build(ROOT / "tests" / "check" / "sizes" / "selections_ok.ss", "--checks", "always")
    g = torch.Generator().manual_seed(0)
    x, pos = torch.randn(6, 8, generator=g), torch.randn(6, 8, generator=g)
    keep = torch.tensor([True, False, True, True, False, True])
    assert torch.equal(m.positions(x, pos, keep), x[keep] + pos[keep])
    chosen = x.sum(1) > 0
    assert torch.equal(m.local_mask(x, pos), x[chosen] * pos[chosen])
    tokens = torch.randn(2, 6, 8, generator=g)
    mask = torch.rand(2, 6, generator=g) > 0.5
    assert torch.equal(m.tokens(tokens, mask), tokens[mask])
