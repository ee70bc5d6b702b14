"""A bias over an unnamed axis is laid out on the one unnamed axis of its
size, wherever that axis is; compared with torch written by hand."""

import torch

from conftest import ROOT


def test_bias_aligns_with_its_unnamed_axis(build):
    m = build(ROOT / "tests" / "check" / "sizes" / "unnamed_axes_ok.ss")
    g = torch.Generator().manual_seed(0)
    x, bias = torch.randn(2, 5, 24, generator=g), torch.randn(24, generator=g)
    assert torch.equal(m.fused(x, bias), x + bias)
    y = torch.randn(2, 24, 5, generator=g)
    assert torch.equal(m.middle(y, bias), bias[:, None] * y)
