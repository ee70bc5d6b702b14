"""The differential padding fuzzer (docs/padding.md, "Why padding is
exact"): random well-typed programs (padding_programs.py) with every masked
operation across a padded axis, followed by `log`, `sqrt`, a reciprocal,
`**` or `exp` of its result, run padded and unpadded on the same data.

- `loop`: trained for two epochs with `value_and_grad` and `update` over
  batches of 8 of 21 examples (the last batch padded from 5 to 8): every
  parameter finite, and equal to the unpadded training's up to the order
  of additions (TOLERANCE).
- `function`: `shapescript.padded(f)` against `f`; and `f` called with a
  padded leaf by hand, whose gradient must be exactly zero at every padded
  position and, at the real ones, the unpadded gradient.
- `selection`: a selection kept padded against the compact one; the
  gradient reaching the kept selection's padded positions exactly zero.

Every (operation, base value, after) a mode can have is a term of one of
its programs (padding_programs.cases): 187 in loops and in functions, 46 in
selections, five to a program."""

import pytest
import torch

import shapescript
import shapescript.padding as padding
import shapescript.rt as _ss_rt
from padded_training import masked_form
from padding_programs import cases, programs

pytestmark = pytest.mark.usefixtures(masked_form.__name__)

SEED = 20261204
LOOPS, FUNCTIONS, SELECTIONS = (programs(mode, SEED) for mode in ("loop", "function", "selection"))
# Padded and unpadded sums add in another order; Adam rescales what differs.
TOLERANCE = {"rtol": 1e-4, "atol": 1e-5}
S = torch.tensor([1.0, 0.5, 2.0])  # the scale of each term (padding_programs)


def build_program(build, program):
    try:
        return build(program.source, "--checks", "always", "--value-checks", "always")
    except AssertionError as e:
        pytest.fail(f"a generated program does not build ({program.describe()}):\n{program.source}\n{e}")


def finite(value, what, program):
    assert torch.isfinite(value).all(), f"{what} not finite ({program.describe()}):\n{program.source}"


def test_every_case_is_in_a_program():
    for mode, made in (("loop", LOOPS), ("function", FUNCTIONS), ("selection", SELECTIONS)):
        assert sorted((t for p in made for t in p.terms), key=repr) == sorted(cases(mode), key=repr), mode


# ---------------------------------------------------------------- loops


def examples(n, seed):
    g = torch.Generator().manual_seed(seed)
    return {"x": torch.randn(n, 3, 4, generator=g), "y": torch.randint(0, 3, (n,), generator=g)}


def trained(module, data, padded):
    was = padding.fixed_shapes(padded)
    try:
        m = module.Lin.init(seed=0)
        opt = _ss_rt.adamw(m, lr=0.05)
        module.train(m, opt, data, 2)
    finally:
        padding.fixed_shapes(was)
    return m


@pytest.mark.parametrize("index", range(len(LOOPS)))
def test_a_padded_loop_trains_as_unpadded(build, index):
    program = LOOPS[index]
    module = build_program(build, program)
    with open(module.__file__) as f:
        assert "_ss_rt.batch_loop(_ss_rt.batches(data, 8), True," in f.read(), "the loop isn't padded"
    data = examples(21, index)  # batches of 8, 8 and 5
    padded, plain = trained(module, data, True), trained(module, data, False)
    for name, value in plain.named_parameters():
        finite(value, f"the unpadded {name}", program)  # the program itself is finite
    for name, value in padded.named_parameters():
        finite(value, f"the padded {name}", program)
        torch.testing.assert_close(
            value, getattr(plain, name), **TOLERANCE, msg=lambda m: f"{program.describe()}: {m}\n{program.source}"
        )


# ------------------------------------------------------ shapescript.padded


@pytest.mark.parametrize("index", range(len(FUNCTIONS)))
def test_padded_f_computes_f_and_gives_padded_positions_no_gradient(build, index):
    program = FUNCTIONS[index]
    module = build_program(build, program)
    axes, refused = module.f._ss_padding
    assert "n" in axes, f"`n` can't be padded: {refused.get('n')}\n{program.source}"
    pad = axes["n"][0]
    fast = shapescript.padded(module.f, "n")
    g = torch.Generator().manual_seed(index)
    for n in (6, 8, 13):  # padded to 7, 9 and 15
        size = padding.fixed_size(n)
        assert size > n
        x = torch.randn(n, 3, 4, generator=g)
        w = torch.randn(4, 3, generator=g)
        plain = [v.clone().requires_grad_(True) for v in (x, w, S)]
        want = module.f(*plain)
        want.backward()
        finite(want, "the unpadded value", program)
        got = fast(x, w, S)
        finite(got, "padded(f)'s value", program)
        torch.testing.assert_close(got, want.detach(), **TOLERANCE)

        # By hand: a padded leaf, so its gradient at the padded positions shows.
        xp = padding.copies_up_to(x, 0, size).requires_grad_(True)
        wp, sp = w.clone().requires_grad_(True), S.clone().requires_grad_(True)
        value = module.f(xp, wp, sp, _ss_pad={pad: padding.first_positions(n, size, None)})
        value.backward()
        finite(xp.grad, "the gradient of x", program)
        assert (xp.grad[n:] == 0).all(), f"a padded position got a gradient ({program.describe()}):\n{program.source}"
        torch.testing.assert_close(xp.grad[:n], plain[0].grad, **TOLERANCE)
        for name, got_grad, want_grad in (("w", wp.grad, plain[1].grad), ("s", sp.grad, plain[2].grad)):
            if want_grad is None:  # `s` when no term scales by it
                assert got_grad is None
                continue
            finite(got_grad, f"the gradient of {name}", program)
            torch.testing.assert_close(got_grad, want_grad, **TOLERANCE)


# ------------------------------------------------------------- selections


@pytest.mark.parametrize("index", range(len(SELECTIONS)))
def test_a_kept_selection_computes_the_compact_one(build, index, monkeypatch):
    program = SELECTIONS[index]
    module = build_program(build, program)
    with open(module.__file__) as f:
        assert "_ss_rt.keep_selected(" in f.read(), "the selection isn't kept"
    # The gradient that reaches each kept selection, with its mask.
    reached = []
    keep_selected = padding.keep_selected

    def watched(x, keep, dim, pads, pad):
        out = keep_selected(x, keep, dim, pads, pad)
        if out.requires_grad:
            out.register_hook(lambda grad: reached.append((grad, keep, dim)))
        return out

    monkeypatch.setattr(padding, "keep_selected", watched)
    monkeypatch.setattr(_ss_rt, "keep_selected", watched)
    g = torch.Generator().manual_seed(index)
    for n in (2, 7, 30):
        x = torch.randn(n, 4, generator=g)
        x[0] = x[0].abs()  # one row selected at least: a selection that may be empty is another test
        w = torch.randn(4, 3, generator=g)
        was = padding.fixed_shapes(False)
        try:
            plain = [v.clone().requires_grad_(True) for v in (x, w, S)]
            want = module.f(*plain)
            want.backward()
        finally:
            padding.fixed_shapes(was)
        finite(want, "the compact selection's value", program)
        reached.clear()
        kept = [v.clone().requires_grad_(True) for v in (x, w, S)]
        got = module.f(*kept)
        got.backward()
        finite(got, "the kept selection's value", program)
        torch.testing.assert_close(got, want.detach(), **TOLERANCE)
        for k, p in zip(kept, plain, strict=True):
            if p.grad is None:  # `s` when no term scales by it
                assert k.grad is None
                continue
            finite(k.grad, "a gradient", program)
            torch.testing.assert_close(k.grad, p.grad, **TOLERANCE)
        assert reached, "no gradient reached the kept selection"
        for grad, keep, dim in reached:
            unselected = grad.movedim(dim, 0)[~keep]
            assert (unselected == 0).all(), (
                f"a padded position got a gradient ({program.describe()}):\n{program.source}"
            )
