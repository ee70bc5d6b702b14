"""Indexing by an index tensor (docs/types.md): the index's axes take the
indexed axis's place, as torch computes, and what follows is laid out by
name, so a schedule's `schedule[t] * x0` scales each example by its own
entry even when the batch and the features have one size (silently wrong
before: typed as a number, it broadcast against the last axis). The
program is tests/check/types/index_tensors_ok.ss, which checks clean."""

import torch

from conftest import ROOT

PROGRAM = ROOT / "tests" / "check" / "types" / "index_tensors_ok.ss"


def test_against_torch(build):
    module = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    x, src = torch.randn(6, 64, generator=g), torch.tensor([0, 5, 2, 2])
    assert torch.equal(module.gather_rows(x, src), x[src])
    schedule, t = torch.randn(1000, generator=g), torch.tensor([1, 3, 999, 0] * 16)
    x0 = torch.randn(64, 64, generator=g)  # b = D = 64: a wrong layout would still run
    assert torch.equal(module.alpha(schedule, t, x0), schedule[t][:, None] * x0)
    y, which = torch.randn(2, 5, 64, generator=g), torch.tensor([4, 0])
    assert torch.equal(module.pick(y, which), y[:, which])
    idx = torch.tensor([[0, 1], [5, 5], [2, 3]])
    assert torch.equal(module.pairs(x, idx), x[idx])
