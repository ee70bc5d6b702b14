"""A function's boundary (shapescript/calls.py): the result checked against
the sizes the arguments bound, value checks without the other checks, and
an extern fn's target wrapped with both."""

import pytest
import torch

import shapescript.rt as rt
from shapescript import ArgumentError


def sym(name):
    return (name, ((1, (name,)),))


BN = rt.TensorSpec((sym("b"), sym("n")))
B = rt.TensorSpec((sym("b"),))
IDS = rt.TensorSpec((sym("b"),), "index", 10)
SIG = rt.Signature("f", "t.ss:1", (("x", BN), ("y", IDS)), result=rt.TupleSpec((B, IDS)))


def test_bindings_are_the_sizes_bound_and_the_result_must_agree():
    bound = rt.check_args(SIG, (torch.zeros(3, 4), torch.tensor([1, 2, 3])), True)
    assert bound == {"b": 3, "n": 4}
    rt.check_result(SIG, (torch.zeros(3), torch.tensor([0, 0, 0])), bound)
    with pytest.raises(ArgumentError) as e:
        rt.check_result(SIG, (torch.zeros(2), torch.tensor([0, 0])), bound)
    assert (
        str(e.value) == "f(): result, item 1, axis 1 `b`: expected 3 (bound by `x`), found 2 (result[0] has shape [2])"
    )
    assert e.value.parameter == "result[0]"


def test_value_checks_alone_read_values_and_nothing_else():
    bound = rt.check_args(SIG, ("not a tensor", torch.tensor([1, 2])), True, checks=False)
    assert bound == {}
    with pytest.raises(ArgumentError, match=r"argument `y`: expected Index\[10\] values in 0..10, found 12"):
        rt.check_args(SIG, (torch.zeros(1), torch.tensor([12])), True, checks=False)
    rt.check_result(SIG, (torch.zeros(7), torch.tensor([1])), bound)  # a wrong size, unchecked
    with pytest.raises(ArgumentError, match=r"result, item 2: expected Index\[10\] values in 0..10, found -1"):
        rt.check_result(SIG, (torch.zeros(1), torch.tensor([-1])), bound)


def test_a_wrapped_extern_binds_its_arguments_in_declaration_order():
    any_float = rt.TensorSpec((sym("n"),), "float")
    sig = rt.Signature("add", "t.ss:2", (("a", any_float), ("b", any_float)), result=any_float, extern="m.add")
    add = rt.checked_extern(sig, lambda a, b: a + b, True, False)
    half = torch.zeros(3, dtype=torch.float16)
    assert add(b=half, a=half).dtype == torch.float16
    with pytest.raises(ArgumentError) as e:
        add(half, torch.zeros(4, dtype=torch.float16))
    assert str(e.value).startswith("add() (extern fn m.add): argument `b`, axis 1 `n`: expected 3 (bound by `a`)")
    with pytest.raises(ArgumentError, match=r"argument `a`: expected a float element type, found torch.int64"):
        add(torch.zeros(3, dtype=torch.int64), half)


def test_an_extern_whose_target_is_not_a_function_is_refused_when_made():
    sig = rt.Signature("conv3x3", "t.ss:2", (), extern="torch.nn.functional")
    with pytest.raises(
        TypeError, match=r"^extern fn conv3x3: its target torch.nn.functional is a module, not a function$"
    ):
        rt.checked_extern(sig, torch.nn.functional, True, False)
    # Also when its declared defaults wrap it (`padding: int = 1`).
    wrapped = rt.with_defaults(torch.nn.functional, ("x", "padding"), {"padding": 1})
    with pytest.raises(TypeError, match=r"is a module, not a function$"):
        rt.checked_extern(sig, wrapped, True, False)
