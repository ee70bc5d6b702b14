"""Checks `always` remember what passed (runtime/shapescript/calls.py): a
call whose arguments have the shapes, elements and devices of one that
passed is not checked again, nor a result like one that passed against
its bindings, nor any result once one passed where the checker proves the
result follows from the arguments. What differs is checked in full, and an
Index's values (which the checks read) are checked at every call."""

import pytest
import torch

import shapescript
import shapescript.calls
import shapescript.rt

PROGRAM = """
import python torch

dim D = 4
dim V = 6

fn doubled(x: [b D], w: [D D]) -> [b D]:
    return x @ w * 2.0

fn through_python(x: [b D]) -> [b D]:
    return torch.relu(x)

fn calls_through_python(x: [b D]) -> [b D]:
    return through_python(x) * 2.0

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


def test_alternating_calls_are_not_checked_again(module, monkeypatch):
    x3, x5, w = torch.randn(3, 4), torch.randn(5, 4), torch.randn(4, 4)
    module.doubled(x3, w)
    module.doubled(x5, w)
    checked = []
    full = shapescript.calls._check_params
    monkeypatch.setattr(shapescript.calls, "_check_params", lambda *a: checked.append(a) or full(*a))
    for x in (x3, x5, x3, torch.randn(5, 4)):  # the last call's key, then the others'
        torch.testing.assert_close(module.doubled(x, w), x @ w * 2.0)
    assert checked == []
    module.doubled(torch.randn(7, 4), w)
    assert len(checked) == 1


def test_an_argument_of_another_kind_gets_the_full_checks_error(module):
    w = torch.randn(4, 4)
    module.doubled(torch.randn(3, 4), w)
    with pytest.raises(shapescript.ArgumentError, match="x"):
        module.doubled([[1.0] * 4] * 3, w)


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


def test_the_key_is_written_out_once_for_each_list_of_parameter_kinds():
    calls = shapescript.calls
    assert calls._key_maker(())((), True) == (True,)
    key = calls._key_maker((calls._TENSOR, calls._HOST, calls._MODE))
    assert calls._key_maker((calls._TENSOR, calls._HOST, calls._MODE)) is key
    x = torch.zeros(2, 3)
    assert key((x, 2.0, shapescript.rt.Eval), False) == (
        False,
        x.shape,
        x.dtype,
        x.device,
        float,
        type(shapescript.rt.Eval),
    )
    assert key(([1.0], 2.0, shapescript.rt.Eval), False) is None  # not a tensor: checked in full
    assert key((x, [2.0], shapescript.rt.Eval), False) is None  # not a host value
    assert key((x, 2.0, "Eval"), False) is None  # not a mode


def test_a_result_the_checker_proves_is_checked_once_per_bindings(module, monkeypatch):
    assert module._ss_sig_doubled._result_trusted
    x, w = torch.randn(3, 4), torch.randn(4, 4)
    module.doubled(x, w)  # the first call with these shapes: its result checked in full
    read = []
    full = shapescript.calls._result_key
    monkeypatch.setattr(shapescript.calls, "_result_key", lambda value: read.append(value) or full(value))
    y = torch.randn(3, 4)
    torch.testing.assert_close(module.doubled(y, w), y @ w * 2.0)
    assert read == []  # trusted: not even read
    module.doubled(torch.randn(5, 4), w)  # other bindings: checked
    assert len(read) == 1


def test_a_result_through_python_is_checked_at_every_call(module, monkeypatch):
    # Python's result (torch.relu here) is not the checker's to prove, nor
    # that of a function reaching it.
    assert not module._ss_sig_through_python._result_trusted
    assert not module._ss_sig_calls_through_python._result_trusted
    x = torch.randn(3, 4)
    module.calls_through_python(x)
    read = []
    full = shapescript.calls._result_key
    monkeypatch.setattr(shapescript.calls, "_result_key", lambda value: read.append(value) or full(value))
    module.calls_through_python(x)
    module.calls_through_python(x)
    assert len(read) == 4  # each call's and its callee's result, each time
