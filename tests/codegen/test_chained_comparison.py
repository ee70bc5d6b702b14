"""`(a > b) > c` keeps its parentheses in Python, which would read `a > b >
c` as `a > b and b > c` (found by the mutation test: on tensors, "Boolean
value of Tensor with more than one value is ambiguous")."""

import torch

PROGRAM = """
fn twice(rel: [n n] i64) -> [n n] Mask:
    return rel > 15 > 0

fn numbers(a: int, b: int, c: bool) -> bool:
    return a < b == c
"""


def test_comparisons_compare_what_the_source_groups(build):
    module = build(PROGRAM)
    rel = torch.tensor([[0, 20], [16, 3]])
    assert torch.equal(module.twice(rel), (rel > 15) > 0)
    assert module.numbers(1, 2, True) is True  # (1 < 2) == True; Python's chain: 2 == True, False
