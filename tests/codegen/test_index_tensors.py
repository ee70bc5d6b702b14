"""Indexing by an index tensor (docs/types.md): the index's axes take the
indexed axis's place, as torch computes, and what follows is laid out by
name, so a schedule's `table[t] * x0` scales each example by its own entry
even when the batch and the features have one size (silently wrong before:
typed as a number, it broadcast against the last axis)."""

import torch

PROGRAM = """
dim T = 10
dim D = 4

fn gather_rows(x: [n D], src: [e] Index[n]) -> [e D]:
    return x[src]

fn alpha(schedule: [T], t: [b] Index[T], x0: [b D]) -> [b D]:
    return schedule[t] * x0

fn pick(x: [b n D], which: [k] Index[n]) -> [b k D]:
    return x[n: which]
"""


def test_against_torch(build):
    module = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    x, src = torch.randn(6, 4, generator=g), torch.tensor([0, 5, 2, 2])
    assert torch.equal(module.gather_rows(x, src), x[src])
    table, t = torch.randn(10, generator=g), torch.tensor([1, 3, 9, 0])
    x0 = torch.randn(4, 4, generator=g)  # b = D = 4: a wrong layout would still run
    assert torch.equal(module.alpha(table, t, x0), table[t][:, None] * x0)
    y, which = torch.randn(2, 5, 4, generator=g), torch.tensor([4, 0])
    assert torch.equal(module.pick(y, which), y[:, which])
