"""Slices with size expressions as bounds (`x[D: 0..D/2]`) build into int
slices and compute what torch's slicing does."""

import torch

from conftest import ROOT


def test_size_bounds(build):
    m = build(ROOT / "tests" / "check" / "sizes" / "slices_ok.ss", "--checks", "always")
    x = torch.arange(24.0).reshape(3, 8)
    assert torch.equal(m.first_half(x), x[:, :4])
    assert torch.equal(m.second_half(x), x[:, 4:])
    assert torch.equal(m.rotate(x), torch.cat([x[:, 4:], x[:, :4]], 1))
