"""Axes without a name (docs/types.md, "Names mean what they say"): a group
such as `(h 2)` aligns by place with a named axis of its size when the
ranks agree (a U-Net's skip connection: `[b S S] + up(y)` where up gives
`[b (h 2) (w 2)]` and 16 = S), and a literal written twice on one side of
a pattern is two axes (`b (h 2) (w 2)`), not one einops would refuse."""

import einops
import torch

PROGRAM = """
dim S = 16

fn up(y: [b h w]) -> [b (h 2) (w 2)]:
    return y |> repeat(b h w -> b (h 2) (w 2))

fn skip(x: [b S S], y: [b 8 8]) -> [b S S]:
    return x + up(y)
"""


def test_a_group_aligns_by_place_with_a_named_axis_of_its_size(build):
    module = build(PROGRAM)
    x, y = torch.randn(2, 16, 16), torch.randn(2, 8, 8)
    assert torch.equal(module.skip(x, y), x + einops.repeat(y, "b h w -> b (h 2) (w 2)"))
