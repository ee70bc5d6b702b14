"""var and std as torch's (the unbiased estimate unless `correction=`
says otherwise), bit for bit; of a Mask or integers as floats; and under
padding, the unpadded call's result: bit for bit along a padded axis
whose real positions come first, within rounding where every axis is
reduced at once (a masked sum of deviations), gradients included; on
several workers, tests/devices/programs/trainer.ss trains with both."""

import torch

import shapescript

PROGRAM = """
dim D = 8

fn stats(x: [b n D]) -> ([b D], [b n], [], [b n 1], [b D]):
    biased = var(x, over=D, keepdim=true, correction=0)
    return var(x, over=n), std(x, over=D), std(x), biased, std(x, over=n, correction=0)

fn normalised(adv: [t]) -> [t]:
    return (adv - mean(adv)) / (std(adv) + 1e-8)

fn counts(m: [n D] Mask, k: [n] i64) -> ([D], []):
    return var(m, over=n), std(k)
"""


def test_var_and_std_are_torchs(build):
    m = build(PROGRAM)
    x = torch.randn(2, 5, 8, generator=torch.Generator().manual_seed(0))
    got = m.stats(x)
    want = (
        torch.var(x, 1),
        torch.std(x, 2),
        torch.std(x),
        torch.var(x, 2, keepdim=True, correction=0),
        torch.std(x, 1, correction=0),
    )
    assert all(torch.equal(g, w) for g, w in zip(got, want, strict=True))
    adv = torch.randn(7)
    assert torch.equal(m.normalised(adv), (adv - adv.mean()) / (adv.std() + 1e-8))
    mask, k = torch.rand(5, 8) > 0.5, torch.arange(5)
    fraction, spread = m.counts(mask, k)
    assert torch.equal(fraction, torch.var(mask.float(), 0)) and torch.equal(spread, torch.std(k.float()))


def test_padded_var_and_std_are_the_unpadded_results(build):
    m = build(PROGRAM)
    stats, normalised = shapescript.padded(m.stats), shapescript.padded(m.normalised)
    g = torch.Generator().manual_seed(1)
    for n in (2, 5, 6, 11, 13):  # 6, 11, 13: padded up to 7, 12, 15
        x = torch.randn(3, n, 8, generator=g, requires_grad=True)
        got, want = stats(x), m.stats(x)
        for i in (0, 1, 3, 4):  # along one axis: torch's own on the real positions
            assert torch.equal(got[i], want[i])
        torch.testing.assert_close(got[2], want[2])  # every axis at once: a masked sum
        (padded_grad,) = torch.autograd.grad(got[2], x)
        (grad,) = torch.autograd.grad(want[2], x)
        torch.testing.assert_close(padded_grad, grad)
        adv = torch.randn(n, generator=g)
        torch.testing.assert_close(normalised(adv), m.normalised(adv))
