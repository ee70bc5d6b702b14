"""An axis written `1` broadcasts by place, as torch broadcasts it
(docs/types.md, "Function bodies"): the generated code leaves such
operands as they are; compared with torch written by hand, bit for bit."""

import torch

import shapescript
from conftest import ROOT

PROGRAM = ROOT / "tests" / "check" / "types" / "broadcast_units_ok.ss"


def test_a_unit_axis_stands_for_the_other_operands_axis(build):
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    x, gate = torch.randn(2, 16, 5, 3, generator=g), torch.randn(2, 16, generator=g)
    assert torch.equal(m.excite(x, gate), x * gate[:, :, None, None])
    w, rgb = torch.rand(4, 6, generator=g), torch.rand(4, 6, 3, generator=g)
    assert torch.equal(m.weigh(w, rgb), (w[:, :, None] * rgb).sum(1))
    c, v = torch.randn(3, generator=g), torch.randn(8, generator=g)
    assert torch.equal(m.outer(c, v), c[:, None] * v)
    x, bias = torch.randn(2, 5, 8, generator=g), torch.randn(1, 8, generator=g)
    assert torch.equal(m.bias_row(x, bias), x + bias)
    x, weight = torch.randn(2, 16, 3, 3, generator=g), torch.randn(16, generator=g)
    assert torch.equal(m.group_affine(x, weight), x * weight[:, None, None])


def test_unit_axes_make_the_outer_product_torch_makes(build):
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(1)
    i, j = torch.randn(4, generator=g), torch.randn(7, generator=g)
    assert torch.equal(m.distances(i, j), i[:, None] - j[None, :])
    assert torch.equal(m.near(i, j), (i[:, None] - j[None, :]).abs() < 2.0)
    a, b = torch.randn(5, generator=g), torch.randn(5, generator=g)
    both = m.all_pairs(a, b)
    assert both.shape == (5, 5) and torch.equal(both, a[:, None] + b[None, :])
    x, y = torch.randn(3, 6, generator=g), torch.randn(1, 6, generator=g)
    assert torch.equal(m.grow_other(x, y), x + y)


def test_with_fewer_axes_names_align_first(build):
    # torch would make [b b] of [b 1] * [b]; the names say [b 1].
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(3)
    x, w = torch.randn(4, 8, generator=g), torch.randn(4, generator=g)
    total = m.weighted_total(x, w)
    assert total.shape == (4, 1) and torch.equal(total, x.sum(1, keepdim=True) * w[:, None])


def test_masked_fill_and_where_broadcast_unit_axes_as_torch(build):
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(2)
    scores, keep = torch.randn(2, 3, 5, generator=g), torch.rand(2, 5, generator=g) < 0.7
    keep[:, 0] = True
    want = torch.softmax(scores.masked_fill(~keep[:, None, :], -torch.inf), 2)
    assert torch.equal(m.key_mask(scores, keep), want)
    c, a, z = torch.rand(4, 1, generator=g) < 0.5, torch.randn(1, 6, generator=g), torch.randn(4, 6, generator=g)
    assert torch.equal(m.choose(c, a, z), torch.where(c, a, z))
    wider = m.choose_wider(c, a)
    assert wider.shape == (4, 6) and torch.equal(wider, torch.where(c, a, 0.0))
    x, mask = torch.randn(4, 1, generator=g), torch.rand(1, 6, generator=g) < 0.5
    filled = m.widen_fill(x, mask)
    assert filled.shape == (4, 6) and torch.equal(filled, x.masked_fill(mask, 0.0))


def test_unit_axes_beside_padded_axes_are_exact(build):
    # n and m padded up to fixed sizes (6 -> 7, 11 -> 12, 13 -> 15): the
    # result bit for bit the unpadded call's.
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(4)
    for f in (m.pairwise, m.attend):
        padded = shapescript.padded(f)
        for n, k in ((3, 6), (6, 11), (13, 1)):
            x, y = torch.randn(n, 8, generator=g), torch.randn(k, 8, generator=g)
            assert torch.equal(padded(x, y), f(x, y))
    x, y = torch.randn(6, 8, generator=g), torch.randn(11, 8, generator=g)
    assert torch.equal(m.pairwise(x, y), ((x[:, None, :] - y[None, :, :]) ** 2).sum(2))


def test_a_group_lines_up_with_itself(build):
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(5)
    for shape in ((8,), (3, 8), (2, 3, 8)):
        x = torch.rand(*shape, generator=g) + 0.1
        assert torch.equal(m.share_grouped(x), x / x.sum(-1, keepdim=True))
    y = torch.randn(2, 4, 5, 8, generator=g)
    assert torch.equal(m.centered_grouped(y), y - y.mean(-2, keepdim=True))
