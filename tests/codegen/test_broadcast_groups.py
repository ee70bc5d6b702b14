"""masked_fill and where take arguments that align by name with each
other, fewer axes or more (the result is the larger); every other `[..s]`
is the same axes at each use. A mask with more axes than the value widens
it, as torch's masked_fill does; a piped value is laid out as the result
too (found by the mutation test: the pipe's stage had no type, so
`scores |> masked_fill(!valid, v)` left `scores` unaligned)."""

import torch

PROGRAM = """
fn widened(x: [b], valid: [b C] Mask) -> [b C]:
    return masked_fill(x, !valid, 0.0)

fn piped(scores: [b], valid: [b C] Mask) -> [b C] Prob over C:
    return scores |> masked_fill(!valid, -inf) |> softmax(over=C)

fn key_padding(att: [b H n m], keep: [b m] Mask) -> [b H n m]:
    return masked_fill(att, !keep, -inf)

fn pick(c: [n b] Mask, a: [b n D], z: [D]) -> [b n D]:
    return where(c, a, z)
"""


def test_masked_fill_and_where_align_by_name(build):
    module = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(3, generator=g)
    valid = torch.rand(3, 4, generator=g) > 0.5
    assert torch.equal(module.widened(x, valid), torch.where(valid, x[:, None], 0.0))

    expected = torch.softmax(x[:, None].masked_fill(~valid, float("-inf")), dim=1)
    assert torch.equal(module.piped(x, valid), expected)

    att = torch.randn(2, 3, 4, 5, generator=g)
    keep = torch.rand(2, 5, generator=g) > 0.3
    expected = att.masked_fill(~keep[:, None, None, :], float("-inf"))
    assert torch.equal(module.key_padding(att, keep), expected)

    c = torch.rand(4, 2, generator=g) > 0.5
    a = torch.randn(2, 4, 6, generator=g)
    z = torch.randn(6, generator=g)
    assert torch.equal(module.pick(c, a, z), torch.where(c.T[:, :, None], a, z))
