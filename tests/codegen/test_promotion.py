"""The checker's promotion is torch's: each function of
tests/check/types/promotion_ok.ss, built with --checks always, returns what
it declares (the run-time return check compares dtypes with the declared
element types) and what the same arithmetic in torch gives."""

import torch

from conftest import ROOT

SOURCE = ROOT / "tests" / "check" / "types" / "promotion_ok.ss"


def test_declared_types_are_torchs(build):
    m = build(SOURCE, "--checks", "always")
    i = torch.arange(5)
    x = torch.rand(5)
    assert m.frequencies().dtype == torch.float32
    assert torch.equal(m.float_times_ints(i), 2.0 * i)
    assert torch.equal(m.ints_times_float(i), i * 2.0)
    a, b = m.tensors_either_order(i, x)
    assert a.dtype == b.dtype == torch.float32
    h, d = torch.rand(5, dtype=torch.float16), torch.rand(5, dtype=torch.float64)
    assert [t.dtype for t in m.widest(h, d)] == [torch.float64, torch.float64]
    assert m.halves(h, torch.rand(5, dtype=torch.bfloat16)).dtype == torch.float32
    keep = torch.rand(3, 5) > 0.5
    assert torch.equal(m.count_ratio(keep), keep.sum(1) / 2)
    assert torch.equal(m.counts(keep), keep.sum(1))
    assert m.keeps_half(h).dtype == torch.float16
    y = torch.rand(3, 5)
    assert torch.equal(m.masked(y, keep), keep * y)
