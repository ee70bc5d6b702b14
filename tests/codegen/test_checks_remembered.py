"""Checks `always` remember what passed (runtime/shapescript/calls.py): a
call whose arguments have the shapes, elements and devices of one that
passed is not checked again, nor a result like one that passed against
its bindings. What differs is checked in full, and an Index's values (which
the checks read) are checked at every call."""

import pytest
import torch

import shapescript

PROGRAM = """
dim D = 4
dim V = 6

fn doubled(x: [b D], w: [D D]) -> [b D]:
    return x @ w * 2.0

fn looked_up(ids: [n] Index[V], table: [V D]) -> [n D]:
    return embedding(ids, table)
"""


@pytest.fixture
def module(build):
    return build(PROGRAM, "--checks", "always", "--value-checks", "always")


def test_a_call_like_one_that_passed_is_remembered(module):
    x, w = torch.randn(3, 4), torch.randn(4, 4)
    module.doubled(x, w)
    module.doubled(torch.randn(3, 4), w)
    assert len(module._ss_sig_doubled._passed) == 1
    module.doubled(torch.randn(5, 4), w)  # another batch size: checked, then remembered too
    assert len(module._ss_sig_doubled._passed) == 2


def test_what_differs_from_a_call_that_passed_is_still_refused(module):
    x, w = torch.randn(3, 4), torch.randn(4, 4)
    module.doubled(x, w)
    with pytest.raises(shapescript.ArgumentError, match="w"):
        module.doubled(x, torch.randn(4, 5))
    with pytest.raises(shapescript.ArgumentError, match="dtype|element|float64"):
        module.doubled(x.double(), w)
    with pytest.raises(shapescript.ArgumentError, match="device"):
        module.doubled(x, w.to("meta"))


def test_an_index_is_checked_at_every_call(module):
    table = torch.randn(6, 4)
    module.looked_up(torch.tensor([0, 5, 2]), table)
    with pytest.raises(shapescript.ArgumentError, match="ids"):
        module.looked_up(torch.tensor([0, 6, 2]), table)  # the same shape, a value past V
    assert module._ss_sig_looked_up._passed == {}
