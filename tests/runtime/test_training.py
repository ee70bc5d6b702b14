"""Gradients, clipping, optimizers and schedules against torch."""

import math

import pytest
import torch

import shapescript.rt as rt


class Lin(rt.Model):
    def __init__(self, seed=0):
        super().__init__()
        init = rt.Initializer(seed)
        self.w = init.normal("w", (6, 3), 0.5, "f32")
        self.b = init.zeros("b", (3,), "f32")
        self.unused = init.ones("unused", (2,), "f32")


def loss(m, x, y):
    return rt.cross_entropy(x @ m.w + m.b, y, 1)


def data(seed=0):
    g = torch.Generator()
    g.manual_seed(seed)
    return torch.randn(16, 6, generator=g), torch.randint(0, 3, (16,), generator=g)


def test_value_and_grad_matches_autograd():
    m = Lin.init(seed=0)
    x, y = data()
    value, grads = rt.value_and_grad(loss, m, x, y)
    assert value.dim() == 0 and not value.requires_grad
    assert isinstance(grads, rt.Grads) and list(grads) == ["w", "b", "unused"]
    assert all(p.grad is None for p in m.parameters())
    w = m.w.detach().clone().requires_grad_()
    b = m.b.detach().clone().requires_grad_()
    ref = torch.nn.functional.cross_entropy(x @ w + b, y)
    ref.backward()
    assert torch.allclose(value, ref.detach())
    assert torch.allclose(grads["w"], w.grad) and torch.allclose(grads["b"], b.grad)
    assert torch.equal(grads["unused"], torch.zeros(2))


def test_value_and_grad_under_no_grad_and_a_bad_loss():
    m = Lin.init(seed=0)
    x, y = data()
    with torch.no_grad():
        _, grads = rt.value_and_grad(loss, m, x, y)
    assert grads["w"].abs().sum() > 0
    with pytest.raises(ValueError, match="0-d tensor"):
        rt.value_and_grad(lambda m: m.w.sum(0), m)


def test_a_loss_no_parameter_reaches_has_zero_gradients():
    m = Lin.init(seed=0)
    x, _ = data()
    value, grads = rt.value_and_grad(lambda m, x: (x**2).mean(), m, x)
    assert torch.equal(value, (x**2).mean())
    assert list(grads) == ["w", "b", "unused"]
    assert all(torch.equal(g, torch.zeros_like(p)) for g, p in zip(grads.values(), m.parameters(), strict=True))


@pytest.mark.parametrize("max_norm", [0.01, 1.0, 100.0])
def test_clip_norm_matches_clip_grad_norm_(max_norm):
    g = torch.Generator()
    g.manual_seed(1)
    grads = rt.Grads({"a": torch.randn(5, 5, generator=g), "b": torch.randn(3, generator=g)})
    params = [torch.nn.Parameter(torch.zeros(5, 5)), torch.nn.Parameter(torch.zeros(3))]
    for p, v in zip(params, grads.values(), strict=True):
        p.grad = v.clone()
    torch.nn.utils.clip_grad_norm_(params, max_norm)
    clipped = rt.clip_norm(grads, max_norm)
    assert torch.allclose(clipped["a"], params[0].grad) and torch.allclose(clipped["b"], params[1].grad)
    assert not torch.equal(grads["a"], clipped["a"]) or max_norm == 100.0  # a copy; the input is unchanged


def test_schedules():
    c = rt.cosine(1e-3, 100)
    assert c(0) == pytest.approx(1e-3)
    assert c(50) == pytest.approx(0.5e-3)
    assert c(100) == pytest.approx(0.0) and c(150) == pytest.approx(0.0)
    assert c(25) == pytest.approx(1e-3 * 0.5 * (1 + math.cos(math.pi / 4)))
    w = rt.warmup(10, c)
    assert w(0) == pytest.approx(c(0) / 10)
    assert w(4) == pytest.approx(c(4) * 0.5)
    assert w(9) == pytest.approx(c(9)) and w(60) == pytest.approx(c(60))
    assert rt.warmup(4, 0.1)(1) == pytest.approx(0.05)
    assert repr(w) == "warmup(10, cosine(0.001, 100))"


def train(make_ours, make_torch, schedule, steps=12):
    """Our optimizer and torch's from the same start, on the same data."""
    m = Lin.init(seed=0)
    ours = make_ours(m)
    w = m.w.detach().clone().requires_grad_()
    b = m.b.detach().clone().requires_grad_()
    u = m.unused.detach().clone().requires_grad_()
    ref = make_torch([w, b, u])
    sched = torch.optim.lr_scheduler.LambdaLR(ref, lambda t: schedule(t) / schedule(0)) if callable(schedule) else None
    for t in range(steps):
        x, y = data(t)
        _, grads = rt.value_and_grad(loss, m, x, y)
        rt.update(m, ours, grads)
        ref.zero_grad()
        torch.nn.functional.cross_entropy(x @ w + b, y).backward()
        u.grad = torch.zeros_like(u)
        ref.step()
        if sched:
            sched.step()
    assert ours.count == steps
    assert torch.allclose(m.w, w, atol=1e-6) and torch.allclose(m.b, b, atol=1e-6)
    assert torch.allclose(m.unused, u, atol=1e-6)
    assert all(p.grad is None for p in m.parameters())


def test_adamw_with_a_schedule_matches_torch():
    sched = rt.warmup(3, rt.cosine(0.05, 10))
    train(
        lambda m: rt.adamw(m, lr=sched, weight_decay=0.1),
        lambda ps: torch.optim.AdamW(ps, lr=sched(0), weight_decay=0.1),
        sched,
    )


def test_sgd_with_momentum_matches_torch():
    train(
        lambda m: rt.sgd(m, lr=0.1, momentum=0.9, weight_decay=0.01),
        lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.01),
        0.1,
    )


def test_update_reads_the_schedule_per_update():
    m = Lin.init(seed=0)
    opt = rt.sgd(m, lr=rt.cosine(1.0, 4))
    assert opt.lr == 1.0
    grads = rt.Grads({n: torch.ones_like(p) for n, p in m.named_parameters()})
    before = m.b.detach().clone()
    rt.update(m, opt, grads)
    assert torch.allclose(m.b, before - 1.0)
    before = m.b.detach().clone()
    rt.update(m, opt, grads)
    assert torch.allclose(m.b, before - rt.cosine(1.0, 4)(1))
    assert opt.count == 2


def test_update_refuses_another_model_and_foreign_grads():
    m, other = Lin.init(seed=0), Lin.init(seed=1)
    opt = rt.sgd(m, lr=0.1)
    with pytest.raises(ValueError, match="another Lin"):
        rt.update(other, opt, rt.Grads({}))
    with pytest.raises(ValueError, match="no `w`"):
        rt.update(m, opt, rt.Grads({"x": torch.zeros(1)}))
    assert opt.count == 0 and all(p.grad is None for p in m.parameters())


def test_optimizer_defaults_are_torchs():
    """sgd and adamw take torch.optim's parameters with torch's defaults, in
    torch's order after the model (docs/types.md)."""
    import inspect

    for ours, theirs in ((rt.sgd, torch.optim.SGD), (rt.adamw, torch.optim.AdamW)):
        mine = list(inspect.signature(ours).parameters.values())[1:]
        torch_params = inspect.signature(theirs).parameters
        names = [p.name for p in mine]
        assert names == [n for n in torch_params if n in names]
        for p in mine:
            default = torch_params[p.name].default
            assert p.default == default or (isinstance(default, torch.Tensor) and p.default == float(default)), p.name
