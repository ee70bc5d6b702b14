"""Operations and options torch users reach for (issue 37 point 2), each
against the torch function written by hand: softplus, leaky_relu, elu,
log1p, rsqrt, floor, ceil, round, clamp, minimum and maximum, detach (a
stop-gradient), cumsum and cumprod along a named axis, and
cross_entropy's ignore_index and label_smoothing, which stay exact when
the batch is padded."""

import math

import torch
import torch.nn.functional as F

from padded_training import assert_loss_trains_padded_as_plain

PROGRAM = """
dim D = 4
dim C = 5

fn smooth(x: [b D]) -> [b D]:
    return softplus(x) + softplus(x, beta=2.0, threshold=1.0)

fn leaky(x: [b D]) -> [b D]:
    return leaky_relu(x) + leaky_relu(x, 0.2) + elu(x) + elu(x, alpha=0.5)

fn rounding(x: [b D]) -> ([b D], [b D], [b D], [b D], [b D]):
    return log1p(abs(x)), rsqrt(abs(x) + 0.5), floor(x * 3.0), ceil(x * 3.0), round(x * 3.0)

fn bounded(x: [b D], y: [D], k: float) -> ([b D], [b D], [b D], [b D], [b D], float):
    return clamp(x, -0.5, 0.5), clamp(x, min=0.1), clamp(x, max=k), minimum(y, x), maximum(x, 0.25), log1p(k)

fn halves(h: [D] f16, y: [D]) -> ([D] f16, [D] f32):
    return maximum(h, 0.5), minimum(h, y)

fn straight_through(x: [b D]) -> [b D]:
    rounded = x * 4.0 |> detach
    return x + detach(rounded - x)

fn running(x: [n b D]) -> ([n b D], [n b D]):
    return cumsum(x, over=n), cumprod(x, over=n)

fn losses(z: [b C] Logit over C, y: [b] Index[C]) -> ([] f32, [] f32, [] f32):
    return cross_entropy(z, y, ignore_index=0), cross_entropy(z, y, label_smoothing=0.2), cross_entropy(z, y, 2, 0.1)
"""


def test_elementwise_and_running_operations_are_torchs(build):
    module = build(PROGRAM)
    x = torch.randn(3, 4)
    want = F.softplus(x) + F.softplus(x, beta=2.0, threshold=1.0)
    torch.testing.assert_close(module.smooth(x), want, rtol=0, atol=0)
    want = F.leaky_relu(x) + F.leaky_relu(x, 0.2) + F.elu(x) + F.elu(x, alpha=0.5)
    torch.testing.assert_close(module.leaky(x), want, rtol=0, atol=0)
    x = torch.randn(3, 4)
    got = module.rounding(x)
    want = (torch.log1p(x.abs()), torch.rsqrt(x.abs() + 0.5), torch.floor(x * 3), torch.ceil(x * 3), torch.round(x * 3))
    assert all(torch.equal(g, w) for g, w in zip(got, want, strict=True))
    y = torch.randn(4)
    got = module.bounded(x, y, 0.3)
    want = (x.clamp(-0.5, 0.5), x.clamp(min=0.1), x.clamp(max=0.3), torch.minimum(y, x), x.clamp(min=0.25))
    assert all(torch.equal(g, w) for g, w in zip(got[:5], want, strict=True))
    assert got[5] == math.log1p(0.3)
    h = torch.randn(4).half()
    high, low = module.halves(h, y)
    assert high.dtype == torch.float16 and torch.equal(high, torch.maximum(h, torch.tensor(0.5, dtype=torch.float16)))
    assert low.dtype == torch.float32 and torch.equal(low, torch.minimum(h, y))
    seq = torch.randn(6, 2, 4)
    total, product = module.running(seq)
    assert torch.equal(total, torch.cumsum(seq, 0)) and torch.equal(product, torch.cumprod(seq, 0))


def test_detach_stops_the_gradient(build):
    module = build(PROGRAM)
    x = torch.randn(3, 4, requires_grad=True)
    out = module.straight_through(x)
    assert torch.equal(out, (x * 4.0).detach())  # the forward value is the rounded one
    (grad,) = torch.autograd.grad(out.sum(), x)
    assert torch.equal(grad, torch.ones(3, 4))  # the straight-through gradient: the identity's


def test_cross_entropy_options_are_torchs(build):
    module = build(PROGRAM)
    z, y = torch.randn(16, 5), torch.randint(0, 5, (16,))
    ignored, smoothed, both = module.losses(z, y)
    torch.testing.assert_close(ignored, F.cross_entropy(z, y, ignore_index=0), rtol=0, atol=0)
    torch.testing.assert_close(smoothed, F.cross_entropy(z, y, label_smoothing=0.2), rtol=0, atol=0)
    torch.testing.assert_close(both, F.cross_entropy(z, y, ignore_index=2, label_smoothing=0.1), rtol=0, atol=0)


PADDED_LOSS = """\
    h = batch.x @ m.w
    return cross_entropy(h, batch.y, ignore_index=1, label_smoothing=0.1) + mean(cumsum(h, over=C)) / 10.0"""


def test_cross_entropy_options_train_padded_as_unpadded(build):
    assert_loss_trains_padded_as_plain(build, PADDED_LOSS)


ORDERING = """
fn ordered(x: [b n]) -> ([b n], [b n] Index[n], [b 2], [b 2] Index[n]):
    low, at = topk(x, 2, over=n, largest=false)
    return sort(x, over=n, descending=true), argsort(x, over=n, descending=true, stable=true), low, at

fn clipped(ids: [n] i64) -> [n] i64:
    return relu(ids)
"""


def test_ordering_options_and_integer_relu_are_torchs(build):
    module = build(ORDERING)
    x = torch.tensor([[3.0, 1.0, 2.0, 1.0], [0.0, 5.0, 5.0, -1.0]])
    values, order, low, at = module.ordered(x)
    assert torch.equal(values, torch.sort(x, dim=1, descending=True).values)
    assert torch.equal(order, torch.argsort(x, dim=1, descending=True, stable=True))
    want_low, want_at = torch.topk(x, 2, dim=1, largest=False)
    assert torch.equal(low, want_low) and torch.equal(at, want_at)
    ids = torch.tensor([-2, 0, 3])
    assert torch.equal(module.clipped(ids), torch.relu(ids)) and module.clipped(ids).dtype == torch.int64


CHOICES = """
fn chosen(c: [n] Mask, a: [n] Mask, b: [n] Mask, ids: [n] i64, x: [n]) -> ([n] Mask, [n] i64, [n] Mask, [n]):
    return where(c, a, b), where(c, ids, 0), ids > 3, where(c, a, x)
"""


def test_where_takes_masks_and_integers_as_torch_does(build):
    module = build(CHOICES)
    c, a, b = torch.tensor([True, False, True]), torch.tensor([False, False, True]), torch.tensor([True, True, False])
    ids, x = torch.tensor([1, 5, 7]), torch.tensor([0.5, 1.5, 2.5])
    masks, kept, above, mixed = module.chosen(c, a, b, ids, x)
    assert masks.dtype == torch.bool and torch.equal(masks, torch.where(c, a, b))
    assert kept.dtype == torch.int64 and torch.equal(kept, torch.where(c, ids, 0))
    assert torch.equal(above, ids > 3)
    assert mixed.dtype == torch.float32 and torch.equal(mixed, torch.where(c, a, x))
