"""Arguments for a generated function, made from its signature's specs
(`_ss_sig_NAME`, docs/generated-code.md): tensors of the declared shapes,
the generic axes and variadic groups given small sizes, one per name across
the call; models made by `init`, datasets and batches of a few examples."""

import math

import torch

import shapescript.rt as rt

MAX_ELEMENTS = 1 << 22  # per tensor argument; a mutated dim can ask for far more


class NoArguments(Exception):
    """The signature can't be met with small sizes (a size that is negative
    for every choice, a tensor too large, an untyped parameter)."""


class _Sizes:
    """The sizes of one call: symbol -> int, `..s` -> tuple, chosen on first use."""

    def __init__(self, rng):
        self.rng = rng
        self.env = {}

    def symbol(self, name):
        if name not in self.env:
            self.env[name] = self.rng.choice((1, 2, 3))
        return self.env[name]

    def group(self, written):
        if written not in self.env:
            self.env[written] = tuple(self.rng.choice((1, 2, 3)) for _ in range(self.rng.choice((0, 1, 2))))
        return self.env[written]

    def shape(self, spec):
        shape = []
        for written, terms in spec.axes:
            if terms is None:
                shape.extend(self.group(written))
                continue
            n = sum(c * math.prod(self.symbol(s) for s in syms) for c, syms in terms)
            if n < 0:
                raise NoArguments("axis `%s` is %d" % (written, n))
            shape.append(n)
        if math.prod(shape) > MAX_ELEMENTS:
            raise NoArguments("a tensor of shape %s is too large" % (shape,))
        return shape


def _tensor(spec, sizes, lead=()):
    shape = list(lead) + sizes.shape(spec)
    gen = torch.Generator().manual_seed(sizes.rng.randrange(1 << 30))
    # No dtype: an extern fn's parameter without an element type, any float.
    dtype = torch.float32 if spec.dtype is None else spec.dtype
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=gen).bool()
    if dtype.is_floating_point:
        return torch.randn(shape, generator=gen).to(dtype)
    # An Index without a bound may index anything: only 0 is sure to fit.
    # A bound of the call's sizes (`Index[n]`) takes theirs.
    high = spec.bound if spec.bound is not None else 1
    if isinstance(high, tuple):
        high = sum(c * math.prod(sizes.symbol(s) for s in syms) for c, syms in high[1])
    return torch.randint(0, max(high, 1), shape, generator=gen, dtype=dtype)


def _fields(data_spec, sizes, lead):
    return {f.name: _tensor(f.spec, sizes, lead) for f in data_spec.fields}


class _Call:
    def __init__(self, rng):
        self.sizes = _Sizes(rng)
        self.rng = rng
        self.models = {}  # class -> the model passed, for an optimizer of it

    def value(self, spec):
        rng = self.rng
        if isinstance(spec, rt.TensorSpec):
            return _tensor(spec, self.sizes)
        if isinstance(spec, rt.ScalarSpec):
            return {"int": rng.choice((0, 1, 2)), "float": 0.5, "bool": rng.random() < 0.5, "str": "x"}[spec.kind]
        if isinstance(spec, rt.ModelSpec):
            model = spec.cls.init(seed=0)
            self.models.setdefault(spec.cls, model)
            return model
        if isinstance(spec, rt.OptimizerSpec):
            model = self.models.get(spec.cls) or spec.cls.init(seed=0)
            return rt.sgd(model, lr=0.01)
        if isinstance(spec, rt.ModeSpec):
            return rt.Train(seed=0) if rng.random() < 0.5 else rt.Eval
        if isinstance(spec, rt.DataSpec):
            return rt.Example(_fields(spec, self.sizes, ()), spec)
        if isinstance(spec, rt.DatasetSpec):
            return rt.Dataset(_fields(spec.data, self.sizes, (4,)), spec.data)
        if isinstance(spec, rt.BatchSpec):
            return rt.Batch(_fields(spec.data, self.sizes, (rng.choice((1, 2, 3)),)), spec.data)
        if isinstance(spec, rt.TupleSpec):
            return tuple(self.value(s) for s in spec.specs)
        raise NoArguments("no value is made for %r" % (spec,))


def arguments(signature, rng):
    """A tuple of arguments that fit `signature`, drawn with `rng`. Raises
    NoArguments when a few tries don't fit."""
    for attempt in range(4):
        call = _Call(rng)
        # Optimizers last, so they take the model passed to the same call.
        order = sorted(range(len(signature.params)), key=lambda i: isinstance(signature.params[i][1], rt.OptimizerSpec))
        values = [None] * len(order)
        try:
            for i in order:
                values[i] = call.value(signature.params[i][1])
        except NoArguments:
            if attempt == 3:
                raise
            continue
        return tuple(values)
