"""A call of a parameter with axes beside its group (`[..s D]`) given an
argument with a group of its own (`[..t D]`, `[b ..t D]`): the group
takes the rest, so the result keeps the argument's axes and `over=D`
finds its place (found by probing the checker: it bound nothing, and
the build refused `sum(norm(x), over=D)`). Compared with torch by hand,
on arguments of one, two and three leading axes."""

import torch

PROGRAM = """
dim D = 8

fn norm(x: [..s D]) -> [..s D]:
    return x / sum(x, over=D)

fn last(x: [..s n]) -> [..s]:
    return sum(x, over=n)

fn grouped(x: [..t D], z: [b ..t D]) -> ([..t], [b ..t D], [..t]):
    return sum(norm(x) * x, over=D), norm(z), last(x)
"""


def test_a_group_beside_axes_takes_a_grouped_argument(build):
    module = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    for lead in ((), (3,), (2, 5)):
        x = torch.rand(*lead, 8, generator=g) + 0.5
        z = torch.rand(4, *lead, 8, generator=g) + 0.5
        summed, normed, last = module.grouped(x, z)
        torch.testing.assert_close(summed, ((x / x.sum(-1, keepdim=True)) * x).sum(-1), rtol=0, atol=0)
        torch.testing.assert_close(normed, z / z.sum(-1, keepdim=True), rtol=0, atol=0)
        torch.testing.assert_close(last, x.sum(-1), rtol=0, atol=0)
