"""Checks that are asked for run: with `--checks`, a function's declared
result and an extern fn's are checked against the sizes its arguments
bound; `--value-checks` runs without `--checks`; `as` on a tuple checks
each item as one value. With both off, no check is called."""

import pytest
import torch

import shapescript
from conftest import import_file, run_build

PROGRAM = """
import python torch

extern fn flat(x: [n 4]) -> [n 4] = torch.flatten
extern fn widen(x: [n 4]) -> [n 4] = torch.Tensor.double
extern fn gelu(x: [..s], approximate: str = "tanh") -> [..s] = torch.nn.functional.gelu

fn pooled(x: [b n D]) -> [b D]:
    return sum(x, over=n)

fn first(x: [b n D]) -> [b D]:
    return torch.cat([x[0], x[0]])

fn pair(x: [n 4], y: [n]) -> ([n 4], [n]):
    if true:
        return (x, torch.cat([y, y]))
    return (x, y)

fn count(x: [n]) -> int:
    return torch.sum(x).item()

fn kept(x: [n]) -> [n] Mask:
    return torch.clone(x)

fn ids(x: [n]) -> [n] Index[5]:
    return torch.tensor([1, 7, 2])

fn constant() -> [3]:
    return torch.zeros(4)

fn flattened(x: [n 4]) -> [n 4]:
    return flat(x)

fn widened(x: [n 4]) -> [n 4]:
    return widen(x)

fn activated(x: [b n 4]) -> [b n 4]:
    return gelu(x)

fn halved(x: [n 4] f16) -> [n 4] f16:
    return gelu(x)

fn halved_widened(x: [n 4] f16) -> [n 4] f16:
    return widen(x)

fn label(y: [n] Index[5]) -> [n] Index[5]:
    return y

fn halves(x: [n 4], keep: [n] Mask) -> [?k 4]:
    a, b = (x[keep], x[keep][0..1]) as ([k 4], [k 4])
    return a

fn converted(x: [n 4], y: [n]) -> ([n 4], [n] i64):
    t = (x, y)
    return t as ([n 4], [n] i64)

fn rows(x: [n 4], y: [n]) -> ([n 4], [n] i64):
    return (x, y) as ([n 4], [n] i64)
"""


@pytest.fixture(scope="module")
def levels(tmp_path_factory):
    """A module per `--checks`/`--value-checks` pair, built once."""
    folder = tmp_path_factory.mktemp("checks")
    source = folder / "checks.ss"
    source.write_text(PROGRAM)
    built = {}

    def module(checks, value_checks):
        if (checks, value_checks) not in built:
            out = folder / f"checks_{checks}_{value_checks}.py"
            result = run_build([source, "-o", out, "--checks", checks, "--value-checks", value_checks])
            assert result.returncode == 0, result.stderr
            built[checks, value_checks] = import_file(out)
        return built[checks, value_checks]

    return module


@pytest.fixture
def checked(levels):
    return levels("always", "always")


def raised(call, *args):
    with pytest.raises(shapescript.ArgumentError) as error:
        call(*args)
    return error.value


def test_a_right_result_passes(checked):
    assert checked.pooled(torch.ones(2, 3, 4)).shape == (2, 4)
    x, y = torch.zeros(3, 4), torch.zeros(3)
    assert checked.activated(torch.zeros(2, 3, 4)).shape == (2, 3, 4)
    # An extern fn's unwritten element type is any float, its result the argument's.
    assert checked.halved(torch.zeros(3, 4, dtype=torch.float16)).dtype == torch.float16
    assert checked.label(torch.tensor([0, 4])).tolist() == [0, 4]
    assert [t.dtype for t in checked.rows(x, y)] == [torch.float32, torch.int64]


def test_the_result_has_the_arguments_sizes(checked):
    e = raised(checked.first, torch.zeros(2, 3, 4))
    assert str(e) == "first(): result, axis 1 `b`: expected 2 (bound by `x`), found 6 (result has shape [6, 4])"
    assert (e.function, e.parameter, e.axis, e.axis_index, e.expected, e.found) == ("first", "result", "b", 1, 2, 6)


def test_each_return_checks_each_item_of_a_tuple(checked):
    e = raised(checked.pair, torch.zeros(3, 4), torch.zeros(3))
    assert str(e) == (
        "pair(): result, item 2, axis 1 `n`: expected 3 (bound by `x`), found 6 (result[1] has shape [6])"
    )
    assert e.parameter == "result[1]"


def test_scalars_masks_indices_and_functions_without_parameters(checked):
    assert str(raised(checked.count, torch.zeros(3))) == "count(): result: expected int, found float 0.0"
    assert str(raised(checked.kept, torch.zeros(3))) == (
        "kept(): result: expected Mask (torch.bool), found torch.float32"
    )
    assert str(raised(checked.ids, torch.zeros(3))) == (
        "ids(): result: expected Index[5] values in 0..5, found 7 (result has shape [3])"
    )
    assert str(raised(checked.constant)) == (
        "constant(): result, axis 1 `3`: expected size 3, found 4 (result has shape [4])"
    )


def test_an_extern_fn_result_names_the_extern_fn(checked):
    e = raised(checked.flattened, torch.zeros(3, 4))
    assert str(e) == (
        "flat() (extern fn torch.flatten): result: expected 2 axes [n 4], found 1 (result has shape [12])"
    )
    assert (e.function, e.parameter) == ("flat", "result")
    e = raised(checked.widened, torch.zeros(3, 4))
    assert str(e) == (
        "widen() (extern fn torch.Tensor.double): result: expected torch.float32 (bound by `x`), found torch.float64"
    )
    assert (e.expected, e.found) == ("torch.float32", "torch.float64")
    e = raised(checked.halved_widened, torch.zeros(3, 4, dtype=torch.float16))
    assert "expected torch.float16 (bound by `x`), found torch.float64" in str(e)


def test_checks_never_checks_nothing(levels):
    m = levels("never", "never")
    assert m.first(torch.zeros(2, 3, 4)).shape == (6, 4)
    assert m.flattened(torch.zeros(3, 4)).shape == (12,)
    assert m.ids(torch.zeros(3)).tolist() == [1, 7, 2]
    assert m.halves(torch.zeros(3, 4), torch.tensor([True, False, True])).shape == (2, 4)


def test_with_both_off_no_check_is_called(levels, monkeypatch):
    m = levels("never", "never")

    def called(*args):
        raise AssertionError("a check ran with checks off")

    for name in ("check_args", "check_result", "checked_extern", "expect"):
        monkeypatch.setattr(m._ss_rt, name, called)
    assert m.pooled(torch.ones(2, 3, 4)).shape == (2, 4)
    assert m.activated(torch.zeros(2, 3, 4)).shape == (2, 3, 4)
    # Not wrapped by checks at import either: only by its declared default
    # (calls.with_defaults), straight onto torch's gelu.
    assert m.gelu.__wrapped__ is torch.nn.functional.gelu


def test_value_checks_run_without_checks(levels):
    m = levels("never", "always")
    e = raised(m.label, torch.tensor([0, 9]))
    assert str(e) == "label(): argument `y`: expected Index[5] values in 0..5, found 9 (y has shape [2])"
    assert "found 7" in str(raised(m.ids, torch.zeros(3)))
    # ...and only value checks: shapes and dtypes go through.
    assert m.first(torch.zeros(2, 3, 4)).shape == (6, 4)
    assert m.kept(torch.zeros(3)).dtype == torch.float32
    assert m.flattened(torch.zeros(3, 4)).shape == (12,)


def test_checks_without_value_checks_read_no_values(levels):
    m = levels("always", "never")
    assert m.label(torch.tensor([0, 9])).tolist() == [0, 9]
    assert "found 6" in str(raised(m.first, torch.zeros(2, 3, 4)))


def test_as_on_a_tuple_checks_its_items_as_one_value(checked):
    x = torch.zeros(3, 4)
    e = raised(checked.halves, x, torch.tensor([True, False, True]))
    assert str(e).endswith(
        "`as ([k 4], [k 4])`, item 2, axis 1 `k`: expected 2 (bound by `value[0]`), found 1 (value[1] has shape [1, 4])"
    )


def test_as_on_a_tuple_converts_each_item(levels):
    x, y = torch.zeros(3, 4), torch.ones(3)
    for m in (levels("always", "always"), levels("never", "never")):
        for fn in (m.rows, m.converted):
            a, b = fn(x, y)
            assert (a.dtype, b.dtype) == (torch.float32, torch.int64) and b.tolist() == [1, 1, 1]
