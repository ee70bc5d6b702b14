"""`extern fn` calls run the target with what the declaration says: the
defaults it declares reach the target when a call leaves them out."""

import torch
import torch.nn.functional as F

SOURCE = """
extern fn gelu(x: [..s], approximate: str = "tanh") -> [..s] = torch.nn.functional.gelu
extern fn leaky(x: [..s], negative_slope: float = 0.2) -> [..s] = torch.nn.functional.leaky_relu

fn called(x: [n 4]) -> [n 4]:
    return gelu(x)

fn piped(x: [n 4]) -> [n 4]:
    return x |> gelu |> leaky

fn given(x: [n 4]) -> [n 4]:
    return gelu(x, approximate="none") |> leaky(negative_slope=0.5)
"""


def test_declared_defaults_reach_the_target(build):
    m = build(SOURCE)
    x = torch.randn(3, 4) * 3
    # torch's own defaults are approximate="none" and negative_slope=0.01:
    # the declaration's must win, or the numbers are silently wrong.
    assert torch.equal(m.called(x), F.gelu(x, approximate="tanh"))
    assert torch.equal(m.piped(x), F.leaky_relu(F.gelu(x, approximate="tanh"), negative_slope=0.2))
    assert torch.equal(m.given(x), F.leaky_relu(F.gelu(x, approximate="none"), negative_slope=0.5))
