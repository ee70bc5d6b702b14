"""A field is set in place (`_ss_rt.set_field` keeps the parameter the
optimizer holds), so a local that holds a field, or a view of one, is a
copy in a function that sets that field or gives the model to a call
(`update`, a step's `mut m`): `old = m.w; m.w = ...` keeps the old value,
and a swap of two fields swaps them (docs/generated-code.md)."""

import torch

import shapescript.rt as _ss_rt

PROGRAM = """
dim D = 4

model M:
    w: [D] = ones
    v: [D] = zeros

fn bump(mut m: M) -> [D]:
    old = m.w
    m.w = m.w * 2.0
    return old

fn swap(mut m: M):
    a = m.w
    m.w = m.v
    m.v = a

fn halves(mut m: M) -> [2]:
    first = m.w[0..2]
    m.w += 1.0
    return first

fn loss(m: M) -> [] f32:
    return sum(m.w * m.w)

fn moved(mut m: M, mut opt: Optimizer[M]) -> [D]:
    before = m.w
    l, grads = value_and_grad(loss, m)
    update(m, opt, grads)
    return m.w - before

fn reads(m: M) -> [D]:
    w = m.w
    return w
"""


def test_a_local_keeps_the_value_it_was_given(build):
    module = build(PROGRAM)
    m = module.M.init(seed=0)
    assert torch.equal(module.bump(m), torch.ones(4)) and torch.equal(m.w.detach(), torch.full((4,), 2.0))
    module.swap(m)
    assert torch.equal(m.w.detach(), torch.zeros(4)) and torch.equal(m.v.detach(), torch.full((4,), 2.0))
    m = module.M.init(seed=0)
    assert torch.equal(module.halves(m), torch.ones(2)) and torch.equal(m.w.detach(), torch.full((4,), 2.0))


def test_a_local_keeps_its_value_across_an_update(build):
    module = build(PROGRAM)
    m = module.M.init(seed=0)
    opt = _ss_rt.sgd(m, lr=0.1)
    # d(sum w^2)/dw = 2w = 2, so SGD moves each weight by -0.2.
    torch.testing.assert_close(module.moved(m, opt).detach(), torch.full((4,), -0.2))


def test_only_where_a_field_may_change(build):
    module = build(PROGRAM)
    text = open(module.__file__).read()
    assert "old = m.w.clone()" in text and "a = m.w.clone()" in text and "first = m.w[0:2].clone()" in text
    assert "before = m.w.clone()" in text
    assert "    w = m.w\n" in text  # `reads` changes nothing: no copy
