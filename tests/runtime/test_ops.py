"""The runtime's operations against plain PyTorch written by hand."""

import pytest
import torch
import torch.nn.functional as F

import shapescript.rt as rt


def test_dropout_is_the_identity_in_eval_and_at_zero():
    x = torch.randn(10, 10)
    assert rt.dropout(x, 0.5, rt.Eval) is x
    assert rt.dropout(x, 0.0, rt.Train(seed=0).at("d#0")) is x


def test_dropout_statistics():
    x = torch.ones(200, 500)
    y = rt.dropout(x, 0.3, rt.Train(seed=0).at("d#0"))
    kept = y != 0
    assert abs(kept.float().mean().item() - 0.7) < 0.01
    assert torch.allclose(y[kept], torch.full_like(y[kept], 1 / 0.7))
    assert abs(y.mean().item() - 1.0) < 0.02  # unbiased, like torch's dropout
    assert torch.equal(rt.dropout(x, 1.0, rt.Train(seed=0)), torch.zeros_like(x))
    with pytest.raises(ValueError):
        rt.dropout(x, 1.5, rt.Train(seed=0))


def test_dropout_mask_is_the_seeded_bernoulli():
    x = torch.randn(8, 16)
    mode = rt.Train(seed=5).at("d#0")
    g = torch.Generator()
    g.manual_seed(rt.draw_seed(mode))
    keep = torch.empty(8, 16).bernoulli_(0.75, generator=g)
    assert torch.equal(rt.dropout(x, 0.25, mode), x * (keep / 0.75))


def test_dropout_gradient_flows_through_kept_elements():
    x = torch.randn(4, 4, requires_grad=True)
    y = rt.dropout(x, 0.5, rt.Train(seed=1))
    y.sum().backward()
    assert torch.equal(x.grad, (y != 0).float() * 2)


def test_cross_entropy_moves_the_class_axis():
    z = torch.randn(4, 10, 6)  # [b C n], classes on axis 1
    y = torch.randint(0, 10, (4, 6))
    assert torch.allclose(rt.cross_entropy(z, y, 1), F.cross_entropy(z, y))
    zl = z.permute(0, 2, 1)  # [b n C]
    assert torch.allclose(rt.cross_entropy(zl, y, 2), F.cross_entropy(z, y))
    by_hand = -(torch.log_softmax(zl, -1).gather(-1, y[..., None]).squeeze(-1)).mean()
    assert torch.allclose(rt.cross_entropy(zl, y, -1), by_hand)
    z1 = torch.randn(10)
    assert torch.allclose(rt.cross_entropy(z1, torch.tensor(3), 0), -torch.log_softmax(z1, 0)[3])


def test_rms_norm():
    x = torch.randn(3, 5, 8)
    w = torch.randn(8)
    by_hand = x / torch.sqrt((x * x).mean(-1, keepdim=True) + 1e-6) * w
    assert torch.allclose(rt.rms_norm(x, 2, w, 1e-6), by_hand, atol=1e-6)
    w5 = torch.randn(5)
    by_hand = x / torch.sqrt((x * x).mean(1, keepdim=True) + 1e-5) * w5[:, None]
    assert torch.allclose(rt.rms_norm(x, 1, w5, 1e-5), by_hand, atol=1e-6)
    assert torch.allclose(
        rt.rms_norm(x, 1, None, 1e-5), x / torch.sqrt((x * x).mean(1, keepdim=True) + 1e-5), atol=1e-6
    )


def test_layer_norm():
    x = torch.randn(3, 5, 8)
    w, b = torch.randn(5), torch.randn(5)
    mu = x.mean(1, keepdim=True)
    var = x.var(1, unbiased=False, keepdim=True)
    by_hand = (x - mu) / torch.sqrt(var + 1e-5) * w[:, None] + b[:, None]
    assert torch.allclose(rt.layer_norm(x, 1, w, b, 1e-5), by_hand, atol=1e-5)
    w8, b8 = torch.randn(8), torch.randn(8)
    assert torch.allclose(rt.layer_norm(x, -1, w8, b8, 1e-5), F.layer_norm(x, (8,), w8, b8, 1e-5))


def test_causal():
    c = rt.causal(3, 4, "cpu")
    assert c.dtype == torch.bool and c.shape == (3, 4)
    assert c.tolist() == [[j <= i for j in range(4)] for i in range(3)]


def test_arange():
    a = rt.arange(2, 11, 3, "cpu")
    assert a.dtype == torch.int64 and a.tolist() == [2, 5, 8]


def test_mean_and_sum_of_masks():
    m = torch.tensor([[True, False, True, True], [False, False, False, True]])
    assert rt.mean(m, None).dtype == torch.float32
    assert rt.mean(m, None).item() == 0.5
    assert rt.mean(m, 1).tolist() == [0.75, 0.25]
    assert rt.sum(m, 1).tolist() == [3, 1] and rt.sum(m, None).item() == 4
    x = torch.randn(3, 4)
    assert torch.allclose(rt.mean(x, 0), x.mean(0)) and torch.allclose(rt.sum(x, None), x.sum())


def test_scale_and_masked_fill():
    x = torch.randn(2, 3)
    assert torch.equal(rt.scale(x, 0.5), x * 0.5)
    m = torch.tensor([[True, False, False], [False, True, False]])
    y = rt.masked_fill(x, m, float("-inf"))
    assert torch.isinf(y[m]).all() and torch.equal(y[~m], x[~m])


def test_print(capsys, quiet_log):
    rt.print("loss", torch.tensor(0.5), 3, torch.tensor([1, 2]))
    assert capsys.readouterr().out == "loss 0.5 3 tensor([1, 2])\n"


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_dropout_on_cuda_draws_on_the_device():
    x = torch.ones(256, 256, device="cuda")
    mode = rt.Train(seed=0).at("d#0")
    a, b = rt.dropout(x, 0.25, mode), rt.dropout(x, 0.25, mode)
    assert a.device.type == "cuda" and torch.equal(a, b)
    assert abs((a != 0).float().mean().item() - 0.75) < 0.01
