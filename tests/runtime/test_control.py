"""shapescript/control.py: an exported function's `if` and `for i in a..b`
(docs/export.md, "Control flow"). Outside tracing they are a Python `if`
and loop; under torch.export a condition or an end torch doesn't know is a
torch.cond or torch.while_loop, and the exported program computes what the
Python one does at every size, an int the loop changes coming out an int."""

import torch

from shapescript import control


def _halve(y, steps):
    return (y * 0.5, steps + 1)


def _keep(y, steps):
    return (y, steps)


def test_outside_tracing_a_python_if_and_loop():
    x = torch.ones(3)
    assert control.branch(True, _halve, _keep, (x, 0))[1] == 1
    y, steps = control.branch(torch.tensor(False), _halve, _keep, (x, 0))
    assert y is x and steps == 0  # nothing copied, nothing converted
    total, seen = control.loop(2, 5, lambda i, total, seen: (total + i, seen + [i]), (0, []))
    assert (total, seen) == (9, [2, 3, 4])


class _Program(torch.nn.Module):
    """Halves x while its sum is over `limit` (a torch.cond per step), for
    as many steps as x has rows (a torch.while_loop to a dynamic size)."""

    def forward(self, x):
        def body(i, y, steps, total):
            y, steps = control.branch(y.sum() > 1.0, _halve, _keep, (y, steps))
            return (y + x[i], steps, total + i)

        return control.loop(0, x.shape[0], body, (x[0] * 0.0, 0, 0))


def _by_hand(x):
    y, steps, total = x[0] * 0.0, 0, 0
    for i in range(x.shape[0]):
        if y.sum() > 1.0:
            y, steps = y * 0.5, steps + 1
        y, total = y + x[i], total + i
    return y, steps, total


def test_exported_cond_and_while_loop_agree_with_python_at_every_size():
    n = torch.export.Dim("n", min=1)
    exported = torch.export.export(_Program(), (torch.rand(5, 3),), dynamic_shapes=({0: n},))
    names = {str(node.target) for node in exported.graph.nodes}
    assert "while_loop" in names  # the loop's end is the dynamic n
    program = exported.module()
    for rows in (1, 2, 6):
        x = torch.rand(rows, 3) + 0.5
        y, steps, total = program(x)
        want_y, want_steps, want_total = _by_hand(x)
        torch.testing.assert_close(y, want_y)
        assert int(steps) == want_steps and int(total) == want_total


def test_known_ends_unroll():
    class Unrolled(torch.nn.Module):
        def forward(self, x):
            return control.loop(0, 3, lambda i, y: (y * 2.0 + i,), (x,))[0]

    exported = torch.export.export(Unrolled(), (torch.rand(4),))
    assert not any("while_loop" in str(node.target) for node in exported.graph.nodes)
    x = torch.rand(4)
    torch.testing.assert_close(exported.module()(x), ((x * 2.0) * 2.0 + 1.0) * 2.0 + 2.0)
