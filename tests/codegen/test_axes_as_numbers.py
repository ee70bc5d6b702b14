"""A generic axis used as a number in a body (`x[1..n]`, `arange(0, n, 1)`,
`for i in 0..n`, `y[t: 0..n]`, `n` in arithmetic) is its size, read off
the argument that gives it; so is an axis an `as` names."""

import pytest
import torch

import shapescript

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


LOCALS = """
dim C = 4

fn reassigned(x: [b n C]) -> [?k] i64:
    k = x[n: 0..3] as [b m C]
    s = sum(k, over=C)
    k = sum(k, over=m)
    return arange(0, m)

fn after_a_branch(x: [b n C], flag: bool) -> [?k] i64:
    if flag:
        j = x[n: 0..3] as [b m C]
    k = x[n: 1..4] as [b m C]
    return arange(0, m)

fn every_branch(x: [b n C], flag: bool) -> [?k] i64:
    if flag:
        k = x[n: 0..3] as [b m C]
    else:
        k = x[n: 2..4] as [b m C]
    return arange(0, m)

fn checked_against_a_local(x: [b n C]) -> [b C]:
    scores = einsum(x, x[n: 1..4] as [b m C]: b n C, b m C -> b n m)
    return einsum(softmax(scores, over=m), x[n: 0..4] as [b m C]: b n m, b m C -> b C)
"""


def test_an_axis_named_by_as_is_read_off_the_local_that_has_it_now(build):
    # Not off a local given another shape since (`k` is [b C] at the end:
    # its axis 1 is C), nor off one only a branch not taken assigned.
    m = build(LOCALS, "--checks", "always")
    x = torch.zeros(2, 5, 4)
    assert torch.equal(m.reassigned(x), torch.arange(3))
    assert torch.equal(m.after_a_branch(x, False), torch.arange(3))
    assert torch.equal(m.every_branch(x, True), torch.arange(3))
    assert torch.equal(m.every_branch(x, False), torch.arange(2))


def test_as_checks_an_axis_a_local_gives(build):
    # `m` is 3 in `scores`; the second `as` finds 4 there, and says so
    # rather than torch failing in the einsum.
    m = build(LOCALS, "--checks", "always")
    with pytest.raises(shapescript.ArgumentError, match=r"`m`: expected 3 \(bound by `scores`\), found 4"):
        m.checked_against_a_local(torch.zeros(2, 5, 4))
