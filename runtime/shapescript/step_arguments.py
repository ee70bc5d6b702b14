"""A recorded step's arguments as one tree, walked in one place, as
torch.utils._pytree walks one (recording.py, docs/recording.md).

`flatten(value)` gives what the recording needs of an argument: its key
(what of it changes what a graph computes: the signature), its tensors in
order, and how to rebuild it with other tensors in their places. Records
(batches, examples), tuples, lists and dicts are walked into; models,
optimizers, modes and host values are leaves without tensors, kept as they
are: a graph reads a model's parameters where they are, and replays change
them in place.
"""

import torch

from .data import _Record
from .models import Model
from .modes import Train
from .training import Optimizer

# What a tensor is `within` when it is in a dict: the masks a padded caller
# passes along with a batch (`_ss_pad={1: mask}`), sized as the batch is.
MASKS = dict


class Shape:
    """A tensor of a call kept as its shape, dtype and device: what a
    recording ahead makes new inputs of."""

    __slots__ = ("shape", "dtype", "device", "_ss_part")

    def __init__(self, t):
        self.shape, self.dtype, self.device = tuple(t.shape), t.dtype, t.device
        self._ss_part = getattr(t, "_ss_part", None)

    def made(self, leading=None, part=None):
        """A new tensor of this shape, of `leading` size first when given;
        a worker's part of a split batch (workers.py) at `part` (start,
        whole size) when given, else where this one was."""
        shape = self.shape if leading is None or not self.shape else (leading, *self.shape[1:])
        fill = torch.ones if self.dtype == torch.bool else torch.zeros
        out = fill(shape, dtype=self.dtype, device=self.device)
        if self._ss_part is not None:
            out._ss_part = part if part is not None else self._ss_part
        return out


def flatten(value, keyed=True):
    """`(key, leaves, rebuild)` of one argument: `leaves` its tensors (or
    Shapes) in order, each as `(tensor, within)`, where `within` is the spec
    of the record it is a field (or the pads) of, MASKS in a dict, None outside both;
    `rebuild(new)` the argument with `new`, a list of as many, in their
    places (records, tuples, lists and dicts new, the rest as it is).
    Unless `keyed` the key is None: the walks that want only the tensors,
    at every replay, don't pay for a model's key."""
    leaves = []
    key = _walk(value, None, leaves, keyed)
    return key, leaves, lambda new: _rebuilt(value, iter(new))


class _Node:
    """How the walk goes into one kind of container, as pytree's node table
    says for its kinds: its children, what they are `within`, its key from
    theirs, and the container again from new children."""

    __slots__ = ("children", "within", "key", "build")

    def __init__(self, children, within, key, build):
        self.children, self.within, self.key, self.build = children, within, key, build


def _record_built(record, values):
    copied = type(record).__new__(type(record))
    copied.fields = dict(zip(record.fields, values[:-1], strict=True))
    copied.spec = record.spec
    if hasattr(type(record), "pad_mask"):
        copied.pad_mask = values[-1]
    return copied


def _dict_order(d):
    # The key's order, so that two dicts of one key have their tensors in one order.
    return sorted(d, key=repr)


def _dict_built(d, values):
    by_key = dict(zip(_dict_order(d), values, strict=True))
    return {k: by_key[k] for k in d}  # in its own order


_SEQUENCE = _Node(
    children=list,
    within=lambda value, within: within,
    key=lambda value, keys: (type(value).__name__, tuple(keys)),
    build=lambda value, values: type(value)(values),
)
_NODES = {
    # A batch or an example: its fields, and a batch's pads (None for an example).
    _Record: _Node(
        children=lambda r: [*r.fields.values(), getattr(r, "pad_mask", None)],
        within=lambda r, within: r.spec,
        key=lambda r, keys: (type(r).__name__, tuple(zip(r.fields, keys[:-1], strict=True)), keys[-1]),
        build=_record_built,
    ),
    tuple: _SEQUENCE,
    list: _SEQUENCE,
    dict: _Node(
        children=lambda d: [d[k] for k in _dict_order(d)],
        within=lambda d, within: MASKS,
        key=lambda d, keys: ("dict", tuple(sorted(zip(map(repr, _dict_order(d)), keys, strict=True)))),
        build=_dict_built,
    ),
}
_node_of = {}  # type -> its _Node or None, found once by its bases


def _node(kind):
    if kind not in _node_of:
        _node_of[kind] = next((_NODES[base] for base in kind.__mro__ if base in _NODES), None)
    return _node_of[kind]


def _walk(value, within, leaves, keyed):
    """`value`'s key, its tensors appended to `leaves`."""
    if isinstance(value, (torch.Tensor, Shape)):
        leaves.append((value, within))
        return _tensor_key(value) if keyed else None
    node = _node(type(value))
    if node is None:
        return _leaf_key(value) if keyed else None
    inner = node.within(value, within)
    keys = [_walk(child, inner, leaves, keyed) for child in node.children(value)]
    return node.key(value, keys) if keyed else None


def _tensor_key(t):
    # A worker's part of a split batch (workers.py): where it starts in the
    # whole, and the whole's size, change what a graph computes (its
    # collectives, its part of a dropout mask).
    return ("tensor", tuple(t.shape), t.dtype, t.device, getattr(t, "_ss_part", None))


def _rebuilt(value, new):
    """`value` with its tensors taken in order from the iterator `new`."""
    if isinstance(value, (torch.Tensor, Shape)):
        return next(new)
    node = _node(type(value))
    if node is None:
        return value
    return node.build(value, [_rebuilt(child, new) for child in node.children(value)])


def _leaf_key(value):
    """The key of what a graph keeps as it is: which model (and the shapes of
    its tensors) or optimizer, whether a mode is Train, Sample or Eval, a host value."""
    if isinstance(value, Model):
        tensors = list(value.named_parameters()) + list(value.named_buffers())
        return ("model", id(value), tuple((n, _tensor_key(t)) for n, t in tensors))
    if isinstance(value, Optimizer):
        return ("optimizer", id(value), id(value.model))
    if isinstance(value, Train):  # Train, or Sample (dropout off): two graphs
        return ("mode", type(value).__name__)
    if value is None or type(value) in (bool, int, float, str):
        return ("host", type(value).__name__, value)
    if type(value).__name__ == "_Eval":
        return ("mode", "Eval")
    return ("object", type(value).__qualname__, id(value))


def tensors(value):
    """The tensors of an argument, in order."""
    return [t for t, _ in flatten(value, False)[1]]


def copies(value):
    """A graph's own copy of an argument (its tensors cloned, in place for
    every replay), or a caller's copy of its results."""
    _, leaves, rebuild = flatten(value, False)
    return rebuild([_cloned(t) for t, _ in leaves])


def _cloned(t):
    out = t.clone()
    part = getattr(t, "_ss_part", None)
    if part is not None:  # a worker's part of a split batch stays one (workers.py)
        out._ss_part = part
    return out


def copy_into(static, given):
    """Before a replay: the tensors of a call's argument `given` into the
    graph's copy of it, `static` (of the same key)."""
    for (s, _), (g, _) in zip(flatten(static, False)[1], flatten(given, False)[1], strict=True):
        s.copy_(g)


def template(value):
    """An argument with its tensors kept as Shapes."""
    _, leaves, rebuild = flatten(value, False)
    return rebuild([Shape(t) for t, _ in leaves])


def made(value, spec, old, new, part=None):
    """Inputs like an argument's `template`, with each batch of the record
    `spec` (and each mask a padded caller passes along with it) of the
    leading size `new` where the call's was `old`; on a worker, its part of
    the whole batch at `part` (start, whole size: workers.py)."""
    _, leaves, rebuild = flatten(value, False)

    def resized(s, within):
        batch = within is MASKS or (spec is not None and within is spec)
        if batch and s.shape and s.shape[0] == old:
            return s.made(new, part)
        return s.made()

    return rebuild([resized(s, within) for s, within in leaves])
