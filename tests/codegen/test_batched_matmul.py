"""`@` with batch axes follows torch.matmul: the left's last axis with the
right's second to last, the right's leading axes aligned by name with the
left's (laid out when torch's broadcasting by position would pair them
wrongly); a weight of more axes is still contracted by its first axis."""

import torch

SOURCE = """
fn heads(a: [b H n m], v: [b H m Dh]) -> [b H n Dh]:
    return a @ v

fn shared_over_heads(a: [b H n m], v: [b m Dh]) -> [b H n Dh]:
    return a @ v

fn swapped(a: [b H n m], v: [H b m Dh]) -> [b H n Dh]:
    return a |> matmul(v)

fn weight(x: [b D], w: [D H Dh]) -> [b H Dh]:
    return x @ w

fn token_mixing(w: [N N], x: [b N D]) -> [b N D]:
    return w @ x

fn over_heads(w: [n m], x: [b H m E]) -> [b H n E]:
    return w @ x
"""


def test_batched_matmul_aligns_by_name(build):
    mod = build(SOURCE)
    g = torch.Generator().manual_seed(0)
    a = torch.randn(2, 3, 4, 5, generator=g)
    v = torch.randn(2, 3, 5, 6, generator=g)
    assert torch.allclose(mod.heads(a, v), torch.matmul(a, v))
    shared = torch.randn(2, 5, 6, generator=g)
    assert torch.allclose(mod.shared_over_heads(a, shared), torch.matmul(a, shared[:, None]))
    assert torch.allclose(mod.swapped(a, v.transpose(0, 1)), torch.matmul(a, v))
    x, w = torch.randn(2, 8, generator=g), torch.randn(8, 3, 4, generator=g)
    assert torch.allclose(mod.weight(x, w), torch.einsum("bd,dhe->bhe", x, w))


def test_a_matrix_on_the_left_broadcasts_over_the_right_batch_axes(build):
    mod = build("dim N = 6\ndim D = 4\n" + SOURCE)
    g = torch.Generator().manual_seed(1)
    w, x = torch.randn(6, 6, generator=g), torch.randn(2, 6, 4, generator=g)
    assert torch.allclose(mod.token_mixing(w, x), torch.matmul(w, x))
    w2, x2 = torch.randn(5, 3, generator=g), torch.randn(2, 4, 3, 7, generator=g)
    assert torch.allclose(mod.over_heads(w2, x2), torch.matmul(w2, x2))
