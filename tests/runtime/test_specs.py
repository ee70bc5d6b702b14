"""Argument checks, `as` on tensors (expect) and on Python values (cast):
binding of size symbols and every kind of error message."""

import numpy as np
import pytest
import torch

import shapescript.rt as rt
from shapescript import ArgumentError


def sym(name):
    return (name, ((1, (name,)),))


def const(written, n):
    return (written, ((n, ()),))


X = rt.TensorSpec((sym("b"), const("P", 64)), "f32")


class Mlp(rt.Model):
    def __init__(self, seed=0):
        super().__init__()
        self.w = rt.Initializer(seed).zeros("w", (2,), "f32")


SIG = rt.Signature("logits", "digits.ss:19", (("m", rt.ModelSpec(Mlp)), ("x", X), ("mode", rt.ModeSpec())))


def fails(sig, args, value_checks=True):
    with pytest.raises(ArgumentError) as e:
        rt.check_args(sig, args, value_checks)
    return e.value


def test_a_good_call_binds_its_symbols():
    env = rt.check_args(SIG, (Mlp(), torch.zeros(32, 64), rt.Eval), True)
    assert env == {"b": 32}


def test_the_contracts_example_message():
    e = fails(SIG, (Mlp(), torch.zeros(32, 63), rt.Eval))
    assert str(e) == "logits(): argument `x`, axis 2 `P`: expected size 64, found 63 (x has shape [32, 63])"
    assert isinstance(e, ValueError)
    assert (e.function, e.parameter, e.axis, e.axis_index, e.expected, e.found) == ("logits", "x", "P", 2, 64, 63)


def test_dtype():
    e = fails(SIG, (Mlp(), torch.zeros(32, 64, dtype=torch.float64), rt.Eval))
    assert str(e) == "logits(): argument `x`: expected f32, found torch.float64"
    assert (e.expected, e.found) == ("f32", "torch.float64")


def test_number_of_axes():
    e = fails(SIG, (Mlp(), torch.zeros(2, 3, 64), rt.Eval))
    assert str(e) == "logits(): argument `x`: expected 2 axes [b P], found 3 (x has shape [2, 3, 64])"


def test_not_a_tensor():
    e = fails(SIG, (Mlp(), [[1.0]], rt.Eval))
    assert str(e) == "logits(): argument `x`: expected a tensor [b P], found list"


def test_a_symbol_bound_twice_differently():
    sig = rt.Signature("f", "t.ss:1", (("x", X), ("y", rt.TensorSpec((sym("b"),), "index", 10))))
    e = fails(sig, (torch.zeros(32, 64), torch.zeros(16, dtype=torch.int64)))
    assert str(e) == "f(): argument `y`, axis 1 `b`: expected 32 (bound by `x`), found 16 (y has shape [16])"
    assert (e.parameter, e.axis, e.expected, e.found) == ("y", "b", 32, 16)


def test_a_symbol_repeated_in_one_parameter():
    sig = rt.Signature("f", "t.ss:1", (("a", rt.TensorSpec((sym("n"), sym("n")), "bool")),))
    rt.check_args(sig, (torch.zeros(3, 3, dtype=torch.bool),), True)
    e = fails(sig, (torch.zeros(3, 4, dtype=torch.bool),))
    assert "axis 2 `n`: expected 3 (bound by `a`), found 4" in str(e)


def test_polynomial_linear_in_one_symbol_binds_it():
    # 16gh + 1 against 33 binds gh = 2; 34 has no whole gh.
    spec = rt.TensorSpec((("16gh+1", ((16, ("gh",)), (1, ()))),), "f32")
    later = rt.TensorSpec((sym("gh"),), "f32")
    sig = rt.Signature("f", "t.ss:1", (("x", spec), ("y", later)))
    assert rt.check_args(sig, (torch.zeros(33), torch.zeros(2)), True) == {"gh": 2}
    e = fails(sig, (torch.zeros(34), torch.zeros(2)))
    assert str(e) == (
        "f(): argument `x`, axis 1 `16gh+1`: expected a size 16gh+1 for a whole number gh >= 0, "
        "found 34 (x has shape [34])"
    )
    e = fails(sig, (torch.zeros(33), torch.zeros(3)))
    assert "axis 1 `gh`: expected 2 (bound by `x`), found 3" in str(e)


def test_polynomial_with_bound_symbols_is_compared():
    # [n D] then [(n D)]: the merged axis must be n*D.
    sig = rt.Signature(
        "f",
        "t.ss:1",
        (("x", rt.TensorSpec((sym("n"), sym("d")))), ("y", rt.TensorSpec((("(n d)", ((1, ("n", "d")),)),)))),
    )
    rt.check_args(sig, (torch.zeros(3, 4), torch.zeros(12)), True)
    e = fails(sig, (torch.zeros(3, 4), torch.zeros(13)))
    assert "axis 1 `(n d)`: expected size 12, found 13" in str(e)


def test_a_size_waits_for_symbols_bound_later():
    # (h w) comes first with both unknown; w is bound by y, then h = 12 / 4.
    sig = rt.Signature(
        "f",
        "t.ss:1",
        (
            ("x", rt.TensorSpec((("(h w)", ((1, ("h", "w")),)),))),
            ("y", rt.TensorSpec((sym("w"),))),
            ("z", rt.TensorSpec((sym("h"),))),
        ),
    )
    assert rt.check_args(sig, (torch.zeros(12), torch.zeros(4), torch.zeros(3)), True) == {"w": 4, "h": 3}
    e = fails(sig, (torch.zeros(12), torch.zeros(5), torch.zeros(3)))
    assert "axis 1 `(h w)`" in str(e) and "found 12" in str(e)


def test_a_square_isnt_solved_for():
    sig = rt.Signature(
        "f", "t.ss:1", (("x", rt.TensorSpec((("n*n", ((1, ("n", "n")),)),))), ("y", rt.TensorSpec((sym("n"),))))
    )
    rt.check_args(sig, (torch.zeros(9), torch.zeros(3)), True)
    assert "expected size 9, found 10" in str(fails(sig, (torch.zeros(10), torch.zeros(3))))


def test_zero_polynomial_and_dims_as_constants():
    spec = rt.TensorSpec((("0", ((0, ()),)), ("3*D", ((192, ()),))))
    rt.expect(torch.zeros(0, 192), spec, "t.ss:1")


def test_variadic_groups_must_be_equal_where_repeated():
    s = rt.TensorSpec((("..s", None), sym("C")))
    t = rt.TensorSpec((("..s", None),), "index", 10)
    sig = rt.Signature("ce", "t.ss:1", (("z", s), ("y", t)))
    assert rt.check_args(sig, (torch.zeros(4, 5, 10), torch.zeros(4, 5, dtype=torch.int64)), True) == {
        "..s": (4, 5),
        "C": 10,
    }
    rt.check_args(sig, (torch.zeros(10), torch.zeros((), dtype=torch.int64)), True)  # an empty group
    e = fails(sig, (torch.zeros(4, 5, 10), torch.zeros(4, 6, dtype=torch.int64)))
    assert str(e) == "ce(): argument `y`, axes `..s`: expected [4, 5] (bound by `z`), found [4, 6] (y has shape [4, 6])"
    e = fails(sig, (torch.zeros(()), torch.zeros(())))
    assert str(e) == "ce(): argument `z`: expected at least 1 axis [..s C], found 0 (z has shape [])"


def test_axes_after_a_variadic_group_count_from_the_right():
    spec = rt.TensorSpec((sym("b"), ("..s", None), const("D", 8)))
    rt.expect(torch.zeros(2, 3, 4, 8), spec, "t.ss:1")
    with pytest.raises(ArgumentError, match=r"axis 4 `D`: expected size 8, found 9"):
        rt.expect(torch.zeros(2, 3, 4, 9), spec, "t.ss:1")


def test_index_values_are_checked_when_value_checks_are_on():
    sig = rt.Signature("f", "t.ss:1", (("y", rt.TensorSpec((sym("b"),), "index", 10)),))
    bad = torch.tensor([1, 12, 3])
    rt.check_args(sig, (bad,), False)
    e = fails(sig, (bad,), True)
    assert str(e) == "f(): argument `y`: expected Index[10] values in 0..10, found 12 (y has shape [3])"
    e = fails(sig, (torch.tensor([-1, 2]),), True)
    assert "found -1" in str(e)
    e = fails(sig, (torch.tensor([1.0]),), True)
    assert str(e) == "f(): argument `y`: expected Index[10] (torch.int64), found torch.float32"


def test_a_symbolic_index_bound_is_read_once_its_symbols_are_bound():
    # `fn f(y: [n] Index[n])`: positions into the axis y itself has
    y_spec = rt.TensorSpec((sym("n"),), "index", ("n", ((1, ("n",)),)))
    sig = rt.Signature("f", "t.ss:1", (("y", y_spec),))
    rt.check_args(sig, (torch.tensor([2, 0, 1]),), True)
    e = fails(sig, (torch.tensor([0, 5, 1]),), True)
    assert str(e) == "f(): argument `y`: expected Index[n] values in 0..3, found 5 (y has shape [3])"
    # a bound no axis binds before it is read: only >= 0 is checked
    late = rt.Signature("g", "t.ss:1", (("y", rt.TensorSpec((sym("b"),), "index", ("V", ((1, ("V",)),)))),))
    rt.check_args(late, (torch.tensor([7]),), True)
    assert "found -1" in str(fails(late, (torch.tensor([-1]),), True))


def test_mask_dtype():
    sig = rt.Signature("f", "t.ss:1", (("m", rt.TensorSpec((sym("n"), sym("n")), "bool")),))
    e = fails(sig, (torch.zeros(2, 2),))
    assert str(e) == "f(): argument `m`: expected Mask (torch.bool), found torch.float32"


def test_scalars():
    sig = rt.Signature(
        "f",
        "t.ss:1",
        (
            ("n", rt.ScalarSpec("int")),
            ("p", rt.ScalarSpec("float")),
            ("on", rt.ScalarSpec("bool")),
            ("s", rt.ScalarSpec("str")),
        ),
    )
    rt.check_args(sig, (3, 2, True, "a"), True)
    rt.check_args(sig, (np.int64(3), np.float32(0.5), np.bool_(False), "a"), True)
    assert str(fails(sig, (2.5, 1.0, True, "a"))) == "f(): argument `n`: expected int, found float 2.5"
    assert str(fails(sig, (True, 1.0, True, "a"))) == "f(): argument `n`: expected int, found bool True"
    assert str(fails(sig, (1, "x", True, "a"))) == "f(): argument `p`: expected float, found str 'x'"
    assert str(fails(sig, (1, 1.0, 1, "a"))) == "f(): argument `on`: expected bool, found int 1"
    assert "argument `s`: expected str, found a tensor of shape [2]" in str(fails(sig, (1, 1.0, True, torch.zeros(2))))


def test_model_mode_any_and_tuple_specs():
    sig = rt.Signature(
        "f",
        "t.ss:1",
        (
            ("m", rt.ModelSpec(Mlp)),
            ("mode", rt.ModeSpec()),
            ("a", rt.AnySpec()),
            ("t", rt.TupleSpec((X, rt.ScalarSpec("int")))),
        ),
    )
    rt.check_args(sig, (Mlp(), rt.Train(seed=1).at("x#0"), object(), (torch.zeros(1, 64), 3)), True)
    assert str(fails(sig, (torch.nn.Linear(2, 2), rt.Eval, 1, (torch.zeros(1, 64), 3)))) == (
        "f(): argument `m`: expected a Mlp model, found Linear"
    )
    assert str(fails(sig, (Mlp(), "train", 1, (torch.zeros(1, 64), 3)))) == (
        "f(): argument `mode`: expected a mode (Train(seed=...) or Eval), found str"
    )
    assert str(fails(sig, (Mlp(), rt.Eval, 1, (torch.zeros(1, 64),)))) == (
        "f(): argument `t`: expected a tuple of 2 values, found a tuple of 1 values"
    )
    e = fails(sig, (Mlp(), rt.Eval, 1, (torch.zeros(1, 65), 3)))
    assert str(e) == "f(): argument `t`, item 1, axis 2 `P`: expected size 64, found 65 (t[0] has shape [1, 65])"
    assert e.parameter == "t[0]"


def test_devices_must_agree():
    meta = torch.zeros(2, 64, device="meta")
    e = fails(SIG, (Mlp(), meta, rt.Eval))
    assert str(e) == "logits(): argument `x`: expected device cpu (where `m` is), found meta"


def test_optimizer_spec():
    m = Mlp()
    sig = rt.Signature("f", "t.ss:1", (("opt", rt.OptimizerSpec(Mlp)),))
    rt.check_args(sig, (rt.sgd(m, lr=0.1),), True)

    class Other(rt.Model):
        def __init__(self, seed=0):
            super().__init__()
            self.v = rt.Initializer(seed).zeros("v", (1,), "f32")

    assert str(fails(sig, (rt.sgd(Other(), lr=0.1),))) == (
        "f(): argument `opt`: expected an optimizer of Mlp, found an optimizer of Other"
    )


def test_checks_enabled():
    assert rt.checks_enabled("always") is True
    assert rt.checks_enabled("never") is False
    assert rt.checks_enabled("debug") is __debug__
    with pytest.raises(ValueError, match="always"):
        rt.checks_enabled("sometimes")


def test_expect_returns_the_tensor_and_names_the_place():
    x = torch.zeros(3, 64)
    assert rt.expect(x, X, "digits.ss:21") is x
    with pytest.raises(ArgumentError) as e:
        rt.expect(torch.zeros(3, 60), X, "digits.ss:21")
    assert str(e.value) == (
        "digits.ss:21: `as [b P]`, axis 2 `P`: expected size 64, found 60 (value has shape [3, 60])"
    )
    assert e.value.function == "digits.ss:21"
    assert rt.expect(torch.zeros(3, 60), X, "digits.ss:21", False) is not None  # checks off: as it is
    labels = rt.TensorSpec((sym("n"),), "index", 10)
    rt.expect(torch.tensor([10]), labels, "t.ss:1", True)  # domains only with value checks
    with pytest.raises(ArgumentError, match=r"expected Index\[10\] values in 0..10, found 10"):
        rt.expect(torch.tensor([10]), labels, "t.ss:1", True, True)


def test_cast_converts_python_values():
    y = rt.cast(np.arange(6, dtype=np.float64).reshape(2, 3), rt.TensorSpec((sym("n"), const("3", 3))), "t.ss:1")
    assert y.dtype == torch.float32 and y.shape == (2, 3)
    assert rt.cast([[1, 2, 3]], rt.TensorSpec((sym("n"), const("3", 3))), "t.ss:1").dtype == torch.float32
    i = rt.cast(np.array([1, 2], dtype=np.int32), rt.TensorSpec((sym("n"),), "index", 3), "t.ss:1")
    assert i.dtype == torch.int64
    with pytest.raises(ArgumentError, match=r"expected f32, found torch.int64"):
        rt.cast(np.array([1, 2]), rt.TensorSpec((sym("n"),)), "t.ss:1")  # an integer array isn't floats
    with pytest.raises(ArgumentError, match=r"expected Index\[3\] values in 0..3, found 3"):
        rt.cast([1, 3], rt.TensorSpec((sym("n"),), "index", 3), "t.ss:1")
    with pytest.raises(ArgumentError, match=r"expected Index\[3\] \(torch.int64\), found torch.float32"):
        rt.cast([1.5], rt.TensorSpec((sym("n"),), "index", 3), "t.ss:1")
    assert rt.cast(torch.tensor(3), rt.ScalarSpec("int"), "t.ss:1") == 3
    # A numpy scalar or 0-d array keeps its shape (ascontiguousarray alone makes it [1]).
    for scalar in (np.float32(2.5), np.array(2.5)):
        assert rt.cast(scalar, rt.TensorSpec(()), "t.ss:1").shape == ()
    assert (
        rt.cast((np.float32(0.5), [1.0]), rt.TupleSpec((rt.ScalarSpec("float"), rt.TensorSpec((sym("n"),)))), "t.ss:1")[
            0
        ]
        == 0.5
    )
