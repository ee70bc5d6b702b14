"""An extern fn's parameter with a default reaches its target by name, given
by position or not: torch makes such parameters keyword-only, so
`F.gelu(x, "tanh")` is a TypeError (found by the mutation test), and the
declared default wins over the target's own, for Python's calls of the
module's extern fn too."""

import torch

PROGRAM = """
extern fn gelu_tanh(x: [..s], approximate: str = "tanh") -> [..s] = torch.nn.functional.gelu

fn by_position(x: [n]) -> [n]:
    return gelu_tanh(x, "none")

fn by_name(x: [n]) -> [n]:
    return gelu_tanh(x, approximate="none")

fn left_out(x: [n]) -> [n]:
    return gelu_tanh(x)
"""


def test_defaults_reach_the_target_by_name(build):
    module = build(PROGRAM)
    x = torch.linspace(-3, 3, 7)
    exact = torch.nn.functional.gelu(x)
    tanh = torch.nn.functional.gelu(x, approximate="tanh")
    assert not torch.equal(exact, tanh)
    assert torch.equal(module.by_position(x), exact)
    assert torch.equal(module.by_name(x), exact)
    assert torch.equal(module.left_out(x), tanh)


def test_python_calling_the_extern_gets_the_declared_default(build):
    module = build(PROGRAM)
    x = torch.linspace(-3, 3, 7)
    tanh = torch.nn.functional.gelu(x, approximate="tanh")
    assert torch.equal(module.gelu_tanh(x), tanh)  # not torch's own default, "none"
    assert torch.equal(module.gelu_tanh(x, "none"), torch.nn.functional.gelu(x))  # by position, passed by name
    assert torch.equal(module.gelu_tanh(x, approximate="none"), torch.nn.functional.gelu(x))
