"""gather and scatter over a value with a group `..s`: checked (an index
with the same group in the same place; tests/check/calls/gather_groups.ss),
and computed as torch's."""

import torch

PROGRAM = """
fn picked(x: [..s N], idx: [..s k] Index[N]) -> [..s k]:
    return gather(x, idx, over=N)

fn written(x: [..s N], idx: [..s k] Index[N], src: [..s k]) -> [..s N]:
    return scatter(x, idx, src, over=N)
"""


def test_gather_and_scatter_with_a_group_are_torchs(build):
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    for lead in ((), (2,), (2, 3)):
        x = torch.randn(*lead, 7, generator=g)
        idx = torch.randint(0, 7, (*lead, 4), generator=g)
        assert torch.equal(m.picked(x, idx), torch.gather(x, -1, idx))
        src = torch.randn(*lead, 4, generator=g)
        assert torch.equal(m.written(x, idx, src), torch.scatter(x, -1, idx, src))
