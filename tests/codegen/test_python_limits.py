"""What the checker lets through at Python's limits (E0604's edge: 150
nested brackets, 90 nested blocks) builds into Python that compiles and
runs; one more is refused at check (tests/check/control/python_limits.ss)."""

import torch
import torch.nn.functional as F


def test_the_deepest_accepted_nesting_builds_and_runs(build):
    blocks = "".join("    " * (i + 1) + "if 1 > 0:\n" for i in range(89))
    source = (
        "fn piped(x: [n 4]) -> [n 4]:\n    return x" + " |> gelu" * 150 + "\n\n"
        "fn called(x: [n 4]) -> [n 4]:\n    return " + "gelu(" * 150 + "x" + ")" * 150 + "\n\n"
        "fn nested(x: [n 4]) -> [n 4]:\n" + blocks + "    " * 90 + "x = x + 1\n    return x\n"
    )
    m = build(source)
    x = torch.randn(2, 4)
    expected = x
    for _ in range(150):
        expected = F.gelu(expected)
    assert torch.equal(m.piped(x), expected)
    assert torch.equal(m.called(x), expected)
    assert torch.equal(m.nested(x), x + 1)
