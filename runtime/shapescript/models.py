"""Models: the base class of generated model classes, their initialisers,
and changing a field inside a step."""

import hashlib

import torch

from .elements import DTYPES as _DTYPES


def _seed(*parts):
    """A 63-bit seed from a stable hash of `parts` (ints and strings)."""
    text = "\x1f".join(str(p) for p in parts)
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8, person=b"ss-init").digest()
    return int.from_bytes(digest, "little") >> 1


class Model(torch.nn.Module):
    """A generated model: an nn.Module whose parameters are the fields under
    their own names. `Mlp.init(seed=0)` makes one."""

    # The program's device (generated classes of a file with `devices` set
    # it); None: the CPU, where the initialisers draw.
    _ss_device = None

    @classmethod
    def init(cls, seed=0, device=None):
        """A model drawn from `seed`, on `device`, else the program's."""
        m = cls(seed=seed)
        device = cls._ss_device if device is None else device
        return m if device is None else m.to(device)

    def __repr__(self):
        fields = ", ".join("%s: %s" % (name, list(p.shape)) for name, p in self.named_parameters())
        return "%s(%s)" % (type(self).__name__, fields)


class Initializer:
    """A model's initialisers. Each field's values depend on the seed and
    the field's name only (a generator of its own, seeded from both), so
    adding, removing or reordering fields doesn't change the others."""

    __slots__ = ("seed",)

    def __init__(self, seed=0):
        self.seed = int(seed)

    def _generator(self, name):
        g = torch.Generator()
        g.manual_seed(_seed("field", self.seed, name))
        return g

    @staticmethod
    def _param(values, element):
        dtype = _DTYPES[element]
        values = values.to(dtype)
        # Only float tensors can require gradients.
        return torch.nn.Parameter(values, requires_grad=values.is_floating_point())

    # Random values are drawn in f32 whatever the element type, so an f16
    # model starts where its f32 twin does, rounded.
    def normal(self, name, shape, std=1.0, element="f32"):
        g = self._generator(name)
        return self._param(torch.empty(tuple(shape)).normal_(0.0, std, generator=g), element)

    def uniform(self, name, shape, low=0.0, high=1.0, element="f32"):
        g = self._generator(name)
        return self._param(torch.empty(tuple(shape)).uniform_(low, high, generator=g), element)

    def zeros(self, name, shape, element="f32"):
        return self._param(torch.zeros(tuple(shape)), element)

    def ones(self, name, shape, element="f32"):
        return self._param(torch.ones(tuple(shape)), element)

    def constant(self, name, shape, value, element="f32"):
        return self._param(torch.full(tuple(shape), float(value), dtype=torch.float64), element)

    def child_seed(self, name):
        """The seed of a sub-model field."""
        return _seed("child", self.seed, name)


def set_field(m, name, value):
    """`m.w = e` in a step: copies `e` into the parameter, keeping it (and the
    optimizer's hold on it)."""
    p = getattr(m, name)
    value = torch.as_tensor(value)
    if tuple(value.shape) != tuple(p.shape):
        raise ValueError(
            "set_field(): `%s.%s` has shape %s, the new value %s"
            % (type(m).__name__, name, list(p.shape), list(value.shape))
        )
    with torch.no_grad():
        p.copy_(value)


def device_of(model):
    """Where a model's fields are: the device of what a function that takes
    only models makes (a constructor, `causal`, `arange`); None (torch's
    default) for a model without fields."""
    for p in model._parameters.values():  # a generated class's own fields, at once
        if p is not None:
            return p.device
    first = next(model.parameters(), None)
    return None if first is None else first.device
