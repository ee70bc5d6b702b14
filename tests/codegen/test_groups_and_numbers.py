"""What builds now as docs/types.md says (issue 32): `..s` in a pattern is
einops' `...`, a named index beside a group is placed from its end, and
numbers compute as they are typed (`sqrt(4)` a float, the smallest int)."""

import math

import einops
import torch

PROGRAM = """
dim D = 8
dim H = 2

fn heads(x: [..s D]) -> [..s H D/H]:
    return x |> rearrange(..s (H d) -> ..s H d)

fn pool(x: [..s n D]) -> [..s D]:
    return x |> reduce(..s n D -> ..s D, mean)

fn half(x: [..s D]) -> [..s D/2]:
    return x[D: 0..D/2]

fn first_row(x: [b ..s D]) -> [..s D]:
    return x[b: 0]

fn root() -> float:
    return sqrt(4) + abs(-2)

fn smallest() -> int:
    return -9223372036854775808
"""


def test_a_group_in_a_pattern_is_an_ellipsis(build):
    module = build(PROGRAM)
    for shape in ((8,), (3, 8), (2, 3, 8)):
        x = torch.randn(*shape)
        assert torch.equal(module.heads(x), einops.rearrange(x, "... (h d) -> ... h d", h=2))
    y = torch.randn(2, 3, 5, 8)
    torch.testing.assert_close(module.pool(y), y.mean(2))


def test_a_named_index_beside_a_group(build):
    module = build(PROGRAM)
    x = torch.randn(2, 3, 8)
    assert torch.equal(module.half(x), x[..., :4])
    assert torch.equal(module.half(torch.arange(8.0)), torch.arange(4.0))
    assert torch.equal(module.first_row(x), x[0])


def test_numbers_compute_as_typed(build):
    module = build(PROGRAM)
    assert module.root() == 4.0 and isinstance(module.root(), float)
    assert module.smallest() == -(2**63)
    assert math.isclose(module.root(), math.sqrt(4) + 2)
