"""A built-in's arguments reach torch where Python would bind them: one
given by name that the code generator reads by position (`sum(x=v,
over=E)`, `where(c, a=x, b=y)`) is placed there, and an optional one given
by position goes by name where torch makes it keyword-only (`gelu(x,
"tanh")`). Both were found by the mutation test: `sum` needed an argument
at build, and torch refused `gelu(x, "tanh")`."""

import torch

PROGRAM = """
dim E = 4

fn total(x: [n E]) -> [n]:
    return sum(x=x, over=E)

fn piped(x: [n E]) -> [n E]:
    return x |> gelu("tanh")

fn called(x: [n E]) -> [n E]:
    return gelu(x, "tanh")

fn pick(c: [n E] Mask, a: [n E], z: [n E]) -> [n E]:
    return where(c, a=a, b=z)
"""


def test_arguments_are_placed_as_python_binds_them(build):
    module = build(PROGRAM)
    x = torch.randn(3, 4, generator=torch.Generator().manual_seed(0))
    assert torch.equal(module.total(x), x.sum(1))
    tanh = torch.nn.functional.gelu(x, approximate="tanh")
    assert not torch.equal(tanh, torch.nn.functional.gelu(x))
    assert torch.equal(module.piped(x), tanh)
    assert torch.equal(module.called(x), tanh)
    c = x > 0
    assert torch.equal(module.pick(c, x, -x), torch.where(c, x, -x))
