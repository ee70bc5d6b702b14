"""Modes, steps and the seeds of random draws."""

import os
import subprocess
import sys

import pytest
import torch

import shapescript.rt as rt


def mask(mode, shape=(64, 64)):
    return rt.dropout(torch.ones(shape), 0.5, mode) != 0


def test_same_seed_step_and_path_draw_the_same_mask():
    a = rt.Train(seed=3).at("f#0").at("dropout#0")
    b = rt.Train(seed=3).at("f#0").at("dropout#0")
    assert rt.draw_seed(a) == rt.draw_seed(b)
    assert torch.equal(mask(a), mask(b))
    assert torch.equal(mask(a), mask(a))  # a draw doesn't advance anything


def test_a_different_path_step_or_seed_draws_another_mask():
    root = rt.Train(seed=3)
    base = root.at("f#0").at("dropout#0")
    others = [
        root.at("f#1").at("dropout#0"),
        root.at("f#0").at("dropout#1"),
        root.at("dropout#0"),
        rt.Train(seed=4).at("f#0").at("dropout#0"),
    ]
    seeds = {rt.draw_seed(base)} | {rt.draw_seed(m) for m in others}
    assert len(seeds) == 5
    for m in others:
        assert not torch.equal(mask(base), mask(m))
    before = mask(base)
    with rt.step(root):
        pass
    assert not torch.equal(before, mask(base))  # the next step draws anew


def test_draw_seed_is_a_63_bit_pure_function():
    m = rt.Train(seed=0).at("a#0")
    s = rt.draw_seed(m)
    assert 0 <= s < 2**63
    # Fixed, so runs (and Python processes, whatever PYTHONHASHSEED) agree.
    assert s == rt.draw_seed(rt.Train(seed=0).at("a#0"))
    code = "import shapescript.rt as rt; print(rt.draw_seed(rt.Train(seed=0).at('a#0')))"
    env = dict(os.environ, PYTHONHASHSEED="123", PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout
    assert int(out) == s


def test_views_share_the_roots_step_counter():
    root = rt.Train(seed=1)
    view = root.at("train_step#0")
    deeper = view.at("loss#0")
    with rt.step(view, deeper, root):  # one root, counted once
        assert root.steps == 0
    assert root.steps == 1 and view.steps == 1 and deeper.steps == 1
    assert deeper.path == ("train_step#0", "loss#0") and deeper.root is root


def test_step_counts_also_when_the_body_raises():
    root = rt.Train(seed=1)
    with pytest.raises(RuntimeError):
        with rt.step(root.at("s#0"), rt.Eval, "not a mode"):
            raise RuntimeError
    assert root.steps == 1


def test_two_train_modes_each_count():
    a, b = rt.Train(seed=1), rt.Train(seed=2)
    with rt.step(a, b):
        pass
    assert (a.steps, b.steps) == (1, 1)


def test_eval():
    assert rt.Eval.at("f#0") is rt.Eval
    assert repr(rt.Eval) == "Eval"
    assert isinstance(rt.Eval, rt.Mode)
    assert type(rt.Eval)() is rt.Eval
    with rt.step(rt.Eval):
        pass


def test_train_needs_an_int_seed():
    with pytest.raises(TypeError):
        rt.Train(seed=1.5)
    assert "seed=2" in repr(rt.Train(seed=2).at("x#0"))
