"""Elementwise operands beside a group `..s` are laid out by indexing
(`y[..., None, :]`, `s[..., None]`), never permuted, since the group's rank
is known only at run time: a value of fewer axes broadcasts by name as
one without a group does. Before, the code generator passed such a value
as it was, so torch aligned it from the end: `x / sum(x, over=D)` divided
by the wrong axis's sums, silently when sizes agreed. Compared with torch
by hand on groups of zero, one and two axes, sizes chosen equal."""

import torch

PROGRAM = """
dim D = 4

fn beside(x: [..s D D], y: [..s D]) -> [..s D D]:
    return x * y

fn scaled(x: [..s D], s: [..s]) -> [..s D]:
    return x / s

fn normalised(x: [..s D]) -> [..s D]:
    return x / sum(x, over=D)

fn before(x: [b ..s D], y: [b ..s]) -> [b ..s D]:
    return x - y
"""


def test_operands_beside_a_group_broadcast_by_name(build):
    module = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    for lead in ((), (4,), (4, 4)):  # sizes equal to D: torch's own alignment would go wrong silently
        x = torch.rand(lead + (4, 4), generator=g) + 0.5
        y = torch.rand(lead + (4,), generator=g) + 0.5
        assert torch.equal(module.beside(x, y), x * y[..., None, :])
        v = torch.rand(lead + (4,), generator=g) + 0.5
        s = torch.rand(lead, generator=g) + 0.5
        assert torch.equal(module.scaled(v, s), v / s[..., None])
        assert torch.equal(module.normalised(v), v / v.sum(-1, keepdim=True))
    x = torch.rand(3, 4, 4, generator=g)
    y = torch.rand(3, 4, generator=g)
    assert torch.equal(module.before(x, y), x - y[..., None])
