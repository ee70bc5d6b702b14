"""`x += y` computes what `x = x + y` does: y is laid out as x by axis name
(a `[n]` over `[n D]` is `y[:, None]`, not torch's broadcast over the last
axis, which gives wrong numbers when n == D), and a field changed so is
set through the runtime, which keeps it a parameter."""

import torch

PROGRAM = """
dim D = 4

model M:
    b: [D] = zeros

fn shift_rows(x: [n D], y: [n]) -> [n D]:
    z = x
    z += y
    z *= 2.0
    return z

fn bump(mut m: M, by: [D]):
    m.b += by
"""


def test_the_value_is_laid_out_as_the_target(build):
    module = build(PROGRAM)
    x = torch.randn(4, 4)
    y = torch.randn(4)
    torch.testing.assert_close(module.shift_rows(x, y), (x + y[:, None]) * 2.0, rtol=0, atol=0)


def test_a_field_changed_in_place_stays_a_parameter(build):
    module = build(PROGRAM)
    m = module.M.init(seed=0)
    by = torch.arange(4.0)
    module.bump(m, by)
    module.bump(m, by)
    assert isinstance(m.b, torch.nn.Parameter)
    torch.testing.assert_close(m.b.detach(), 2 * by, rtol=0, atol=0)
