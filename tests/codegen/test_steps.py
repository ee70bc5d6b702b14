"""Steps in generated code (docs/generated-code.md, "Training"): a function
the steps analysis finds to be a step runs inside `_ss_rt.step(mode)`, which
advances the mode, so consecutive batches draw different dropout masks;
one that only looks like a step leaves the mode where it was."""

import torch

import shapescript.rt as _ss_rt

PROGRAM = """
dim V = 256

model M:
    w: [V] = ones

fn masked(m: M, x: [V], mode: Mode) -> [V]:
    return dropout(m.w * x, 0.5, mode)

fn loss(m: M, x: [V], mode: Mode) -> [] f32:
    return sum(masked(m, x, mode))

fn destructured(mut m: M, mut opt: Optimizer[M], x: [V], mode: Mode) -> [] f32:
    l, grads = value_and_grad(loss, m, x, mode)
    update(m, opt, grads)
    return l

fn indexed(mut m: M, mut opt: Optimizer[M], x: [V], mode: Mode):
    update(m, opt, value_and_grad(loss, m, x, mode)[1])

fn field(mut m: M, x: [V], mode: Mode) -> [V]:
    y = masked(m, x, mode)
    m.w = m.w * 1.0
    return y

fn changes_nothing(mut m: M, x: [V], mode: Mode) -> [V]:
    return masked(m, x, mode)

fn loop(mut m: M, x: [V], mode: Mode):
    for i in 0..3:
        y = field(m, x, mode)
"""


def test_a_step_advances_its_mode_so_batches_draw_different_masks(build):
    module = build(PROGRAM)
    x = torch.ones(256)
    m = module.M.init(seed=0)
    mode = _ss_rt.Train(seed=0)
    first, second = module.field(m, x, mode), module.field(m, x, mode)
    assert mode.steps == 2
    assert not torch.equal(first != 0, second != 0)

    mode = _ss_rt.Train(seed=0)
    opt = _ss_rt.sgd(m, lr=0.0)  # the weights stay: only the masks can differ
    l1, l2 = module.destructured(m, opt, x, mode), module.destructured(m, opt, x, mode)
    assert mode.steps == 2
    assert l1.item() != l2.item()

    mode = _ss_rt.Train(seed=0)
    module.indexed(m, opt, x, mode)
    assert mode.steps == 1


def test_what_is_not_a_step_leaves_the_mode(build):
    module = build(PROGRAM)
    x = torch.ones(256)
    m = module.M.init(seed=0)
    mode = _ss_rt.Train(seed=0)
    assert torch.equal(module.changes_nothing(m, x, mode), module.changes_nothing(m, x, mode))
    assert mode.steps == 0
    # A loop that calls a step counts the step's steps, not one of its own.
    module.loop(m, x, mode)
    assert mode.steps == 3
    assert "a step" in module.field.__doc__ and "a step" not in module.loop.__doc__
