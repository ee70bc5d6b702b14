"""Pattern calls, however they are lowered (views and `@` where torch can,
einops otherwise: docs/generated-code.md), give what einops gives."""

import einops
import pytest
import torch

PROGRAM = """
fn permuted(x: [a b c]) -> [c a b]:
    return x |> rearrange(a b c -> c a b)

fn ungrouped(x: [a (b 4)]) -> [a 4 b]:
    return x |> rearrange(a (b c) -> a c b, c=4)

fn regrouped(x: [a b c]) -> [a (c b)]:
    return x |> rearrange(a b c -> a (c b))

fn product(x: [a i k], y: [a k j]) -> [a i j]:
    return einsum(x, y: a i k, a k j -> a i j)

fn product_transposed(x: [a k i], y: [a j k]) -> [a i j]:
    return einsum(x, y: a k i, a j k -> a i j)

fn product_swapped(x: [i k], y: [j k]) -> [j i]:
    return einsum(x, y: i k, j k -> j i)

fn outer(x: [i], y: [j]) -> [i j]:
    return einsum(x, y: i, j -> i j)

fn halves(x: [a (2 b)]) -> [a b]:
    p, q = x |> split(a (2 b) -> a b)
    return p - q

fn repeated(x: [a b]) -> [a (b 3)]:
    return x |> repeat(a b -> a (b r), r=3)

dim E = 5

fn widened(x: [a b]) -> [a b E]:
    return x |> repeat(a b -> a b E, E=E)

fn averaged(x: [a b c]) -> [a c]:
    return x |> reduce(a b c -> a c, mean)
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    from conftest import import_file, run_build

    folder = tmp_path_factory.mktemp("patterns")
    (folder / "patterns.ss").write_text(PROGRAM)
    result = run_build([folder / "patterns.ss", "-o", folder / "patterns.py", "--checks", "always"])
    assert result.returncode == 0, result.stderr
    return import_file(folder / "patterns.py")


def test_rearranges(module):
    x = torch.randn(2, 3, 5)
    assert torch.equal(module.permuted(x), einops.rearrange(x, "a b c -> c a b"))
    assert torch.equal(module.regrouped(x), einops.rearrange(x, "a b c -> a (c b)"))
    y = torch.randn(2, 12)
    assert torch.equal(module.ungrouped(y), einops.rearrange(y, "a (b c) -> a c b", c=4))


def test_einsums(module):
    x, y = torch.randn(2, 3, 4), torch.randn(2, 4, 5)
    torch.testing.assert_close(module.product(x, y), torch.einsum("aik,akj->aij", x, y))
    x2, y2 = torch.randn(2, 4, 3), torch.randn(2, 5, 4)
    torch.testing.assert_close(module.product_transposed(x2, y2), torch.einsum("aki,ajk->aij", x2, y2))
    p, q = torch.randn(3, 4), torch.randn(5, 4)
    torch.testing.assert_close(module.product_swapped(p, q), torch.einsum("ik,jk->ji", p, q))
    u, v = torch.randn(3), torch.randn(4)
    torch.testing.assert_close(module.outer(u, v), torch.outer(u, v))


def test_split_repeat_reduce(module):
    x = torch.randn(2, 6)
    parts = einops.rearrange(x, "a (k b) -> k a b", k=2)
    assert torch.equal(module.halves(x), parts[0] - parts[1])
    y = torch.randn(2, 3)
    assert torch.equal(module.repeated(y), einops.repeat(y, "a b -> a (b r)", r=3))
    assert torch.equal(module.widened(y), y[:, :, None].expand(2, 3, 5))  # E=E, a dim's own size
    z = torch.randn(2, 3, 4)
    torch.testing.assert_close(module.averaged(z), z.mean(1))
