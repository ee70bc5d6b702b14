"""examples/conv.ss, LeNet-5 through an `extern fn` conv2d, against the same
network written by hand as a torch.nn.Sequential into which the compiled
model's weights are copied: logits, the loss of a batch, and the gradients
of every weight and of the images."""

import pytest
import torch
from torch import nn

import shapescript.rt as _ss_rt
from against_torch import randomise
from conftest import EXAMPLES

Ci, S, K = 1, 32, 10


def by_hand(m):
    net = nn.Sequential(
        nn.Conv2d(Ci, 6, 5),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(6, 16, 5),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(16 * 5 * 5, 120),
        nn.ReLU(),
        nn.Linear(120, 84),
        nn.ReLU(),
        nn.Linear(84, K),
    )
    names = ["conv1", "conv2", "fc1", "fc2", "fc3"]
    layers = [net[0], net[3], net[7], net[9], net[11]]
    ours = [getattr(m, f"{name}_{part}") for name in names for part in "wb"]
    theirs = [p for layer in layers for p in (layer.weight, layer.bias)]
    with torch.no_grad():
        for p, q in zip(ours, theirs, strict=True):
            q.copy_(p)
    return net, ours, theirs


def assert_grads(got, want, ours, theirs):
    up = torch.randn(got.shape, generator=torch.Generator().manual_seed(2))
    for g, w in zip(torch.autograd.grad(got, ours, up), torch.autograd.grad(want, theirs, up), strict=True):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("checks", ["always", "never"])
def test_logits_and_gradients_match_pytorch(build, checks):
    module = build(EXAMPLES / "conv.ss", "--checks", checks, "--value-checks", checks)
    m = randomise(module.LeNet.init(seed=0))
    net, ours, theirs = by_hand(m)
    x = torch.randn(3, Ci, S, S, requires_grad=True)
    got = module.logits(m, x)
    want = net(x)
    assert got.shape == (3, K)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
    assert_grads(got, want, [x, *ours], [x, *theirs])


def test_the_loss_of_a_batch_matches_pytorch(build):
    module = build(EXAMPLES / "conv.ss", "--checks", "always", "--value-checks", "always")
    m = randomise(module.LeNet.init(seed=0))
    net, ours, theirs = by_hand(m)
    g = torch.Generator().manual_seed(0)
    data = {"pixels": torch.rand(4, Ci, S, S, generator=g), "label": torch.randint(0, K, (4,), generator=g)}
    batch = next(iter(_ss_rt.batches(_ss_rt.cast(data, _ss_rt.DatasetSpec(module.Image), "test"), 4)))
    got = module.loss(m, batch)
    want = nn.functional.cross_entropy(net(data["pixels"]), data["label"])
    torch.testing.assert_close(got, want)
    assert_grads(got, want, ours, theirs)
