"""A bias over an unnamed axis is laid out on the one unnamed axis of its
size, wherever that axis is, or failing that on the one named axis of its
size; compared with torch written by hand."""

import torch

from conftest import ROOT


def test_bias_aligns_with_its_unnamed_axis(build):
    m = build(ROOT / "tests" / "check" / "sizes" / "unnamed_axes_ok.ss")
    g = torch.Generator().manual_seed(0)
    x, bias = torch.randn(2, 5, 24, generator=g), torch.randn(24, generator=g)
    assert torch.equal(m.fused(x, bias), x + bias)
    y = torch.randn(2, 24, 5, generator=g)
    assert torch.equal(m.middle(y, bias), bias[:, None] * y)


def test_an_unnamed_axis_aligns_with_the_named_one_of_its_size(build):
    m = build(ROOT / "tests" / "check" / "sizes" / "unnamed_axes_ok.ss")
    g = torch.Generator().manual_seed(1)
    cls, tokens = torch.randn(2, 1, 8, generator=g), torch.randn(2, 4, 8, generator=g)
    pos = torch.randn(5, 8, generator=g)
    assert torch.equal(m.class_token(cls, tokens, pos), torch.cat([cls, tokens], dim=1) + pos)
    x, bias = torch.randn(2, 3, generator=g), torch.randn(3, generator=g)
    assert torch.equal(m.literal_bias(x, bias), x + bias)
