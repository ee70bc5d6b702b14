"""topk over a generic axis: the checker can't know the axis's size, so a
k past it is refused by the run in ShapeScript's words (found by the
mutation test: torch said only "selected index k out of range")."""

import pytest
import torch

PROGRAM = """
fn best(x: [b n]) -> ([b 2], [b 2] Index[n]):
    return topk(x, 2, over=n)
"""


def test_topk_matches_torch_and_refuses_k_past_the_axis(build):
    module = build(PROGRAM)
    x = torch.randn(3, 5, generator=torch.Generator().manual_seed(0))
    values, indices = module.best(x)
    expected = torch.topk(x, 2, dim=1)
    assert torch.equal(values, expected.values) and torch.equal(indices, expected.indices)
    with pytest.raises(
        ValueError, match=r"^topk\(\): k must be in 0\.\.1 \(the size of the axis it is taken over\), not 2$"
    ):
        module.best(torch.randn(3, 1))
