"""Masks and integer tensors compute as they are typed (docs/types.md): a
reduce's sum of a Mask is torch's i64 count, its mean a fraction (the
operand cast to f32 first: torch's mean refuses integers), and abs and
where take integers; an i64 with an f32 in where, cat or stack is an f32.
The program is tests/check/types/integers_ok.ss, which checks clean."""

import torch

from conftest import ROOT

PROGRAM = (ROOT / "tests" / "check" / "types" / "integers_ok.ss").read_text()


def test_against_torch(build):
    module = build(PROGRAM, "--checks", "always")  # the result checks see the element types too
    keep = torch.rand(3, 5, generator=torch.Generator().manual_seed(0)) > 0.5
    counted = module.counted(keep)
    assert counted.dtype == torch.int64 and torch.equal(counted, keep.sum(0))
    fraction = module.fraction(keep)
    assert fraction.dtype == torch.float32 and torch.equal(fraction, keep.float().mean(0))
    x, y = torch.tensor([-3, 1, 4]), torch.tensor([2, 2, 2])
    assert torch.equal(module.absolute(x), x.abs())
    assert torch.equal(module.chosen(torch.tensor([True, False, True]), x, y), torch.tensor([-3, 2, 4]))
    # An i64 with an f32 is an f32, as the checker types it (the result
    # checks compare the dtype).
    z = torch.tensor([0.5, 1.5, 2.5])
    keep = torch.tensor([True, False, True])
    assert torch.equal(module.chosen_mixed(keep, x, z), torch.where(keep, x, z))
    assert torch.equal(module.joined_mixed(x, z), torch.cat([x, z]))
    assert torch.equal(module.stacked_mixed(x, z), torch.stack([x, z]))
