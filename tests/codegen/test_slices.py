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


INDICES = """
fn pick(a: float) -> int:
    if a > 3.0:
        return 5
    return 2

fn head(x: [n]) -> [?m]:
    return x[0..pick(7 / 2)]

fn named_then_slice(x: [b n]) -> [2]:
    return x[b: 1, 0..2]

fn named_then_index(x: [b n c]) -> [b]:
    return x[n: 1, 0]

fn named_then_range(x: [b n c]) -> [b 2]:
    return x[n: 1, 0..2]

fn index_then_index(x: [b n c]) -> []:
    return x[1, 2, 3]

fn selection_then_index(x: [b n c], keep: [b n] Mask) -> [?k]:
    return x[keep, 0]
"""


def test_a_bound_s_division_is_exact_only_in_its_own_arithmetic(build):
    """`7 / 2` in a call in a bound is 3.5, as anywhere else."""
    m = build(INDICES)
    assert torch.equal(m.head(torch.arange(8.0)), torch.arange(5.0))


def test_an_index_without_a_name_is_at_the_axis_after_the_previous_one(build):
    """As the checker types them (the axes the indices before leave)."""
    m = build(INDICES, "--checks", "always")
    x = torch.arange(24.0).reshape(2, 3, 4)
    assert torch.equal(m.named_then_slice(x[:, :, 0]), x[1, 0:2, 0])
    assert torch.equal(m.named_then_index(x), x[:, 1, 0])
    assert torch.equal(m.named_then_range(x), x[:, 1, 0:2])
    assert torch.equal(m.index_then_index(torch.arange(60.0).reshape(3, 4, 5)), torch.tensor(33.0))
    keep = torch.tensor([[True, False, True], [False, True, True]])
    assert torch.equal(m.selection_then_index(x, keep), x[keep][:, 0])
