"""The program's device (its file's `devices`) at a function's boundary
(shapescript/calls.py): every argument must be on it, and a Dataset
parameter's argument from Python is converted as `as Dataset[T]` converts
one, onto it. `meta` stands in for a GPU."""

import numpy as np
import pytest
import torch

import shapescript.rt as rt
from shapescript import ArgumentError

F = ("F", ((4, ()),))
PAIR = rt.DataSpec(
    "Pair", (rt.FieldSpec("x", rt.TensorSpec((F,), "f32")), rt.FieldSpec("y", rt.TensorSpec((), "index", 3)))
)
DS = rt.DatasetSpec(PAIR)
X = rt.TensorSpec((("b", ((1, ("b",)),)), F), "f32")
META = torch.device("meta")


def sig(device=None):
    return rt.Signature("f", "t.ss:1", (("x", X), ("ds", DS)), device=device)


def pairs(n=5, label=0):
    return {"x": np.zeros((n, 4), np.float32), "y": np.full((n,), label)}


def test_arguments_must_be_on_the_programs_device():
    ds = rt.convert_arg(sig(META), 1, pairs())
    rt.check_args(sig(META), (torch.zeros(2, 4, device="meta"), ds), False)
    with pytest.raises(ArgumentError) as e:
        rt.check_args(sig(META), (torch.zeros(2, 4), ds), False)
    assert str(e.value) == "f(): argument `x`: expected device meta (where the program runs), found cpu"
    assert (e.value.parameter, e.value.expected, e.value.found) == ("x", "meta", "cpu")


def test_a_mapping_for_a_dataset_parameter_becomes_a_dataset():
    ds = rt.convert_arg(sig(), 1, pairs())
    assert isinstance(ds, rt.Dataset) and len(ds) == 5 and ds.spec is PAIR
    assert ds.y.dtype == torch.int64
    assert rt.convert_arg(sig(), 1, ds) is ds


def test_a_file_for_a_dataset_parameter(tmp_path):
    path = tmp_path / "pairs.npz"
    np.savez(path, **pairs(3))
    assert len(rt.convert_arg(sig(), 1, str(path))) == 3


def test_a_dataset_parameter_has_the_checks_of_as():
    with pytest.raises(ArgumentError) as e:
        rt.convert_arg(sig(), 1, pairs(label=3))
    assert str(e.value).startswith("f(): argument `ds`, field `y`: expected Index[3] values in 0..3, found 3")
    assert e.value.parameter == "ds.y"
    with pytest.raises(ArgumentError, match=r"^f\(\): argument `ds`: Pair field `y` is missing"):
        rt.convert_arg(sig(), 1, {"x": np.zeros((2, 4), np.float32)})


def test_a_dataset_argument_moves_to_the_programs_device():
    ds = rt.convert_arg(sig(META), 1, pairs())
    assert {t.device for t in ds.fields.values()} == {META}
    assert all(t.device == META for b in rt.batches(ds, 2) for t in b.fields.values())
    on_cpu = rt.convert_arg(sig(), 1, pairs())
    assert rt.convert_arg(sig(META), 1, on_cpu).x.device == META
