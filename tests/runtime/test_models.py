"""Initialisers and model classes as generated code makes them."""

import pytest
import torch

import shapescript.models
import shapescript.rt as rt


class Sub(rt.Model):
    def __init__(self, seed=0):
        super().__init__()
        init = rt.Initializer(seed)
        self.w = init.normal("w", (3, 3), 1.0, "f32")


class Net(rt.Model):
    def __init__(self, seed=0):
        super().__init__()
        init = rt.Initializer(seed)
        self.w1 = init.normal("w1", (4, 5), 0.05, "f32")
        self.b1 = init.zeros("b1", (5,), "f32")
        self.u = init.uniform("u", (100,), -2.0, 3.0, "f32")
        self.g = init.ones("g", (5,), "f32")
        self.c = init.constant("c", (2,), 0.5, "f64")
        self.h = init.normal("h", (4,), 1.0, "f16")
        self.sub = Sub(seed=init.child_seed("sub"))


class Reordered(rt.Model):
    """Net's fields in another order, one more, one less."""

    def __init__(self, seed=0):
        super().__init__()
        init = rt.Initializer(seed)
        self.extra = init.normal("extra", (7,), 1.0, "f32")
        self.u = init.uniform("u", (100,), -2.0, 3.0, "f32")
        self.w1 = init.normal("w1", (4, 5), 0.05, "f32")
        self.sub = Sub(seed=init.child_seed("sub"))


def test_fields_are_parameters_under_their_names():
    m = Net.init(seed=0)
    names = [n for n, _ in m.named_parameters()]
    assert names == ["w1", "b1", "u", "g", "c", "h", "sub.w"]
    assert all(isinstance(p, torch.nn.Parameter) for p in m.parameters())
    assert m.c.dtype == torch.float64 and m.h.dtype == torch.float16
    assert torch.equal(m.b1, torch.zeros(5)) and torch.equal(m.g, torch.ones(5))
    assert torch.equal(m.c, torch.full((2,), 0.5, dtype=torch.float64))
    assert -2.0 <= m.u.min().item() and m.u.max().item() <= 3.0


def test_values_depend_on_the_seed_and_name_only():
    a, b, c = Net.init(seed=0), Net.init(seed=0), Net.init(seed=1)
    for (n, p), (_, q) in zip(a.named_parameters(), b.named_parameters(), strict=True):
        assert torch.equal(p, q), n
    assert not torch.equal(a.w1, c.w1)
    r = Reordered.init(seed=0)
    assert torch.equal(r.w1, a.w1) and torch.equal(r.u, a.u) and torch.equal(r.sub.w, a.sub.w)
    # Each field draws from a generator of its own: seeded by (seed, name).
    g = torch.Generator()
    g.manual_seed(shapescript.models._seed("field", 0, "w1"))
    assert torch.equal(a.w1, torch.empty(4, 5).normal_(0.0, 0.05, generator=g))
    # Fields with the same draw differ by name.
    assert not torch.equal(Sub(seed=0).w, Sub(seed=rt.Initializer(0).child_seed("sub")).w)


def test_normal_statistics():
    p = rt.Initializer(3).normal("w", (200, 200), 0.05, "f32")
    assert abs(p.std().item() - 0.05) < 0.002 and abs(p.mean().item()) < 0.002


def test_init_on_a_device():
    m = Net.init(seed=0, device="meta")
    assert m.w1.device.type == "meta"


def test_set_field():
    m = Net.init(seed=0)
    p = m.w1
    rt.set_field(m, "w1", torch.ones(4, 5))
    assert m.w1 is p and torch.equal(p, torch.ones(4, 5)) and p.requires_grad
    with pytest.raises(ValueError, match=r"`Net.w1` has shape \[4, 5\], the new value \[5, 4\]"):
        rt.set_field(m, "w1", torch.ones(5, 4))
