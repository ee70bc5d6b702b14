"""torch's `keepdim=true` on a reduction: the axis stays as a `1` in its
place, computed as torch computes it, bit for bit, and the same through
padding (a padded axis reduced with its axis kept)."""

import torch

import shapescript

PROGRAM = """
dim D = 8

fn share(x: [b D]) -> [b D]:
    return x / sum(x, over=D, keepdim=true)

fn centered(x: [b n D]) -> [b n D]:
    return x - mean(x, over=n, keepdim=true)

fn stable_softmax(x: [b D]) -> [b D]:
    e = exp(x - max(x, over=D, keepdim=true))
    return e / sum(e, over=D, keepdim=true)

fn kept(x: [b D]) -> ([b 1], [b 1], [b 1] Index[D], [b 1] Index[D], [b 1], [b]):
    lse = logsumexp(x, over=D, keepdim=true)
    product = prod(x, over=D, keepdim=true)
    top, bottom = argmax(x, over=D, keepdim=true), argmin(x, over=D, keepdim=true)
    return lse, product, top, bottom, min(x, over=D, keepdim=true), sum(x, over=D, keepdim=false)
"""


def test_keepdim_is_torchs(build):
    m = build(PROGRAM)
    g = torch.Generator().manual_seed(0)
    x = torch.rand(3, 8, generator=g) + 0.5
    assert torch.equal(m.share(x), x / x.sum(1, keepdim=True))
    e = torch.exp(x - x.amax(1, keepdim=True))
    assert torch.equal(m.stable_softmax(x), e / e.sum(1, keepdim=True))
    lse, product, top, bottom, least, total = m.kept(x)
    assert torch.equal(lse, torch.logsumexp(x, 1, keepdim=True))
    assert torch.equal(product, x.prod(1, keepdim=True))
    assert torch.equal(top, x.argmax(1, keepdim=True)) and torch.equal(bottom, x.argmin(1, keepdim=True))
    assert torch.equal(least, x.amin(1, keepdim=True))
    assert torch.equal(total, x.sum(1))
    y = torch.randn(2, 5, 8, generator=g)
    assert torch.equal(m.centered(y), y - y.mean(1, keepdim=True))


def test_a_padded_axis_reduced_with_keepdim_is_the_unpadded_result(build):
    m = build(PROGRAM)
    padded = shapescript.padded(m.centered)
    g = torch.Generator().manual_seed(1)
    for n in (1, 5, 6, 11, 13):  # 6, 11, 13: padded up to 7, 12, 15
        y = torch.randn(2, n, 8, generator=g)
        assert torch.equal(padded(y), m.centered(y))
        assert torch.equal(padded(y), y - y.mean(1, keepdim=True))
