"""Alignment by name in the generated code. `where(c, a, b)` aligns its
three arguments by name and has the larger layout (docs/types.md): each is
laid out as the result, the condition too, so a `[b n]` mask picks between
`[b n E]` values. An axis name written twice (`[n n]`) keeps both places:
`[b n n] + [n n]` is `[b n n]`, not a value with an axis put in between."""

import pathlib

import torch

PROGRAM = """
dim E = 4

fn pick(x: [b n E], keep: [b n] Mask, y: [n E]) -> [b n E]:
    return where(keep, x, y)

fn pick_transposed(x: [b n], keep: [n b] Mask) -> [n b]:
    return where(keep, x, 0.0)

fn fill(x: [b n E], keep: [n] Mask) -> [b n E]:
    return masked_fill(x, keep, 0.0)

fn plus_square(y: [b n n], x: [n n]) -> [b n n]:
    return y + x

fn plus_same(y: [b n n E], x: [b n n E]) -> [b n n E]:
    return y + x
"""


def test_where_lays_out_a_smaller_condition_as_the_result(build):
    module = build(PROGRAM)
    x, y = torch.randn(2, 3, 4), torch.randn(3, 4)
    keep = torch.tensor([[True, False, True], [False, False, True]])
    assert torch.equal(module.pick(x, keep, y), torch.where(keep[:, :, None], x, y[None]))


def test_where_permutes_a_value_to_the_conditions_layout(build):
    module = build(PROGRAM)
    x, keep = torch.randn(2, 3), torch.rand(3, 2) > 0.5
    assert torch.equal(module.pick_transposed(x, keep), torch.where(keep, x.T, torch.tensor(0.0)))


def test_masked_fill_lays_out_the_mask_as_x(build):
    module = build(PROGRAM)
    x, keep = torch.randn(2, 3, 4), torch.tensor([True, False, True])
    assert torch.equal(module.fill(x, keep), x.masked_fill(keep[:, None], 0.0))


def test_a_name_written_twice_keeps_both_places(build):
    module = build(PROGRAM)
    y, x = torch.randn(2, 3, 3), torch.randn(3, 3)
    assert torch.equal(module.plus_square(y, x), y + x)
    y, x = torch.randn(2, 3, 3, 4), torch.randn(2, 3, 3, 4)
    assert torch.equal(module.plus_same(y, x), y + x)


def test_an_unnamed_axis_a_pattern_named_lines_up_in_place(build):
    """tests/check/types/renamed_unnamed_ok.ss: `[b 1+F D]` and the same
    axis named `t` by a pattern, added both ways, with `+=` and `where`."""
    module = build(pathlib.Path(__file__).resolve().parents[1] / "check/types/renamed_unnamed_ok.ss")
    x = torch.randn(2, 5, 8)
    att = torch.softmax(torch.einsum("btd,bud->btu", x, x), dim=2)
    h = torch.einsum("btu,bud->btd", att, x)
    want = x + h + (h + x) + torch.where(x > 0, x, h) + (x * 1.0 + h)
    assert torch.equal(module.attend(x), want)
    assert torch.equal(module.first_token(x), (x + x)[:, 0])
