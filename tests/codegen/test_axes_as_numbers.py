"""A generic axis used as a number in a body (`x[1..n]`, `arange(0, n, 1)`,
`for i in 0..n`, `y[t: 0..n]`, `n` in arithmetic) is its size, read off
the argument that gives it; so is an axis an `as` names."""

import torch

SOURCE = """
fn tail(x: [n 4]) -> [?k 4]:
    return x[1..n]

fn count(x: [n 4]) -> [?k] i64:
    return arange(0, n, 1)

fn named(y: [t 4]) -> [?k 4]:
    return y[t: 1..t]

fn arith(x: [n 4]) -> [n 4]:
    return x * (n + 1)

fn loop(x: [n 4]) -> [n 4]:
    for i in 0..n:
        x = x + 1
    return x

fn later(x: [b 4], w: [n 4]) -> [?k 4]:
    return w[0..b]

fn as_named(x: [n 4]) -> [?k 4]:
    y = x as [p 4]
    return y[0..p - 1]
"""


def test_axes_as_numbers_are_the_argument_sizes(build):
    m = build(SOURCE)
    x = torch.arange(20.0).reshape(5, 4)
    assert torch.equal(m.tail(x), x[1:5])
    assert torch.equal(m.count(x), torch.arange(0, 5, 1))
    assert torch.equal(m.named(x), x[1:5])
    assert torch.equal(m.arith(x), x * 6)
    assert torch.equal(m.loop(x), x + 5)
    assert torch.equal(m.later(torch.zeros(2, 4), x), x[0:2])
    assert torch.equal(m.as_named(x), x[0:4])
