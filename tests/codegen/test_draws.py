"""Random draws in generated code: a draw's path is its chain of call sites
(language.md section 6), so two call sites, or two iterations of a loop,
draw differently, and the same mode seed draws the same again."""

import torch

import shapescript.rt as _ss_rt

PROGRAM = """
fn two_sites(x: [n], mode: Mode) -> [n]:
    return dropout(x, 0.5, mode) - dropout(x, 0.5, mode)

fn looped(x: [n], mode: Mode) -> [n]:
    acc = x * 0.0
    for i in 0..2:
        acc = acc + dropout(x, 0.5, mode) * (2.0 * i - 1.0)
    return acc

fn nested(x: [n], mode: Mode) -> [n]:
    return two_sites(x, mode)
"""


def test_sites_and_iterations_draw_differently(build):
    module = build(PROGRAM)
    x = torch.ones(256)
    assert module.two_sites(x, _ss_rt.Train(seed=0)).abs().sum() > 0
    assert module.looped(x, _ss_rt.Train(seed=0)).abs().sum() > 0
    # Eval draws nothing: both sides are x.
    assert torch.equal(module.two_sites(x, _ss_rt.Eval), torch.zeros(256))
    assert torch.equal(module.looped(x, _ss_rt.Eval), torch.zeros(256))


def test_the_same_seed_draws_the_same(build):
    module = build(PROGRAM)
    x = torch.ones(256)
    assert torch.equal(module.looped(x, _ss_rt.Train(seed=3)), module.looped(x, _ss_rt.Train(seed=3)))
    assert not torch.equal(module.looped(x, _ss_rt.Train(seed=3)), module.looped(x, _ss_rt.Train(seed=4)))
    # Called through another function, the path is longer: a different draw.
    assert not torch.equal(module.nested(x, _ss_rt.Train(seed=3)), module.two_sites(x, _ss_rt.Train(seed=3)))
