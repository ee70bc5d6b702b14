"""`as` at run time: the sizes it names that the function already has (from
its arguments) must agree, for tensors (`expect`) and for Python values
(`cast`); new names just bind."""

import pytest
import torch

import shapescript

PROGRAM = """
import python torch

fn all_kept(x: [b n], keep: [b] Mask) -> [b n]:
    return x[keep] as [b n]

fn doubled(x: [b n]) -> [b n]:
    return torch.cat([x, x]) as [b n]

fn any_rows(x: [b n], keep: [b] Mask) -> [] f32:
    kept = x[keep] as [k n]
    return sum(kept)
"""


@pytest.fixture
def module(build):
    return build(PROGRAM, "--checks", "always")


def test_a_selection_asserted_whole_must_keep_every_row(module):
    x = torch.randn(3, 2)
    assert torch.equal(module.all_kept(x, torch.tensor([True, True, True])), x)
    with pytest.raises(shapescript.ArgumentError) as error:
        module.all_kept(x, torch.tensor([True, False, True]))
    message = str(error.value)
    assert "`b`" in message and "expected 3 (bound by `x`)" in message and "found 2" in message


def test_a_python_value_must_have_the_arguments_sizes(module):
    with pytest.raises(shapescript.ArgumentError) as error:
        module.doubled(torch.randn(2, 3))
    assert "expected 2 (bound by `x`)" in str(error.value) and "found 4" in str(error.value)


def test_a_new_name_binds_to_whatever_the_value_has(module):
    x = torch.ones(4, 2)
    assert module.any_rows(x, torch.tensor([True, False, True, False])).item() == 4.0
