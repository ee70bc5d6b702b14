"""Random draws made in a body: `rand`, `randn`, `randint` (constructors
written with a type), `rand_like`, `randn_like` and `sample`. As dropout's,
each draw's generator is seeded with the draw's seed (modes.draw_seed: the
mode's seed, its steps and the draw's path), or is the one a recorded step
reseeds before each replay (recording.py), so a run is reproducible and a
recorded step draws what an unrecorded one does. On a worker's part of a
split batch (`pads`), a draw is its part of the whole batch's draw.

In `Eval` a draw gives its distribution's centre, so evaluation is
deterministic, as dropout's identity is: rand 0.5, randn 0, randint the
middle integer, sample the most likely class (docs/types.md)."""

import torch

from . import recording, workers
from .modes import Train, draw_seed


def _generator(device, mode):
    g = recording.draw_generator(device, mode)
    if g is None:
        g = torch.Generator(device=device if device is not None else "cpu")
        g.manual_seed(draw_seed(mode))
    return g


def split_part(ndim, pads, padded):
    """(dim, start, whole size) of the axis of a value of `ndim` axes that
    is a worker's part of a split batch, or None."""
    if workers.world() is None or not pads or not padded:
        return None
    for pad, d in padded:
        part = workers.part_of(pads.get(pad))
        if part is not None:
            return d % ndim, part[0], part[1]
    return None


def _drawn(shape, dtype, device, mode, pads, padded, fill):
    """A tensor of `shape` whose values `fill(tensor, generator)` draws: the
    whole batch's, narrowed to a worker's part."""
    part = split_part(len(shape), pads, padded)
    whole = list(shape)
    if part is not None:
        whole[part[0]] = part[2]
    out = torch.empty(whole, dtype=dtype, device=device)
    fill(out, _generator(out.device, mode))
    if part is not None:
        out = out.narrow(part[0], part[1], shape[part[0]])
    return out


def _draws(mode):
    return isinstance(mode, Train)  # Train and Sample; Eval draws nothing


def rand(shape, mode, dtype, device, pads=None, padded=()):
    """Uniform in [0, 1), as torch.rand; 0.5 everywhere in Eval."""
    if not _draws(mode):
        return torch.full(shape, 0.5, dtype=dtype, device=device)
    return _drawn(shape, dtype, device, mode, pads, padded, lambda t, g: t.uniform_(0, 1, generator=g))


def randn(shape, mode, dtype, device, pads=None, padded=()):
    """Standard normal, as torch.randn; 0 everywhere in Eval."""
    if not _draws(mode):
        return torch.zeros(shape, dtype=dtype, device=device)
    return _drawn(shape, dtype, device, mode, pads, padded, lambda t, g: t.normal_(0, 1, generator=g))


def randint(shape, low, high, mode, dtype, device, pads=None, padded=()):
    """Integers in low..high (high excluded), as torch.randint; the middle
    one, (low + high - 1) // 2, everywhere in Eval."""
    if not low < high:
        raise ValueError("randint(): the bounds must have low < high, not %r and %r" % (low, high))
    if not _draws(mode):
        return torch.full(shape, (low + high - 1) // 2, dtype=dtype, device=device)
    return _drawn(shape, dtype, device, mode, pads, padded, lambda t, g: t.random_(low, high, generator=g))


def rand_like(x, mode, pads=None, padded=()):
    return rand(tuple(x.shape), mode, x.dtype, x.device, pads, padded)


def randn_like(x, mode, pads=None, padded=()):
    return randn(tuple(x.shape), mode, x.dtype, x.device, pads, padded)


def sample(z, mode, pads=None, padded=()):
    """A class drawn from the categorical distribution whose logits are
    `z`'s last axis: the Gumbel-max trick, argmax(z - log E) with E drawn
    from Exp(1), which needs no host sync (so a recorded step can hold it)
    and draws exactly softmax(z)'s probabilities. The most likely class in
    Eval (the first of equals, as argmax)."""
    if not _draws(mode):
        return z.argmax(-1)
    e = _drawn(tuple(z.shape), z.dtype, z.device, mode, pads, padded, lambda t, g: t.exponential_(1, generator=g))
    return (z - e.log()).argmax(-1)
