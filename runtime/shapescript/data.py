"""Datasets, shuffling, batches, and the loop over them."""

import torch

from . import workers


def _field_key(spec, name):
    """The field a Python attribute names: a field Python can't name as it
    is has an attribute of its own (`batch.class_` for `class`)."""
    by_attribute = getattr(spec, "by_attribute", None)
    return by_attribute.get(name, name) if by_attribute else name


class _Record:
    """Fields by attribute (`batch.image`, `batch.class_`) or by key
    (`batch["image"]`, `batch["class"]`)."""

    __slots__ = ("fields", "spec")

    def __init__(self, fields, spec):
        self.fields = fields
        self.spec = spec

    def __getattr__(self, name):
        # Only called for names that aren't attributes: the fields.
        if name.startswith("__") or name in ("fields", "spec", "pad_mask"):
            raise AttributeError(name)
        try:
            return self.fields[_field_key(self.spec, name)]
        except KeyError:
            raise AttributeError(
                "%s has no field `%s` (its fields: %s)" % (self._kind(), name, ", ".join(self.fields))
            ) from None

    def __getitem__(self, name):
        return self.fields[name]

    def __dir__(self):
        return list(super().__dir__()) + list(self.fields)

    def _kind(self):
        return "%s[%s]" % (type(self).__name__, self.spec.name)

    def __repr__(self):
        return "%s(%s)" % (
            self._kind(),
            ", ".join(
                "%s: %s %s" % (k, list(v.shape), str(v.dtype).replace("torch.", "")) for k, v in self.fields.items()
            ),
        )


class Example(_Record):
    """One example of a record (`dataset[i]`)."""

    __slots__ = ()

    def _kind(self):
        return self.spec.name


class Batch(_Record):
    """A batch of examples: each field with a leading batch axis. A padded
    batch (the last of a loop, padded to the batch size with copies of its
    own examples) has `pad_mask`, True at its real examples; else None."""

    __slots__ = ("pad_mask",)

    def __init__(self, fields, spec, pad_mask=None):
        super().__init__(fields, spec)
        self.pad_mask = pad_mask

    def __len__(self):
        return next(iter(self.fields.values())).shape[0] if self.fields else 0


class Dataset:
    """Examples of a record: each field a tensor with a leading example axis.
    `order` (None: as stored) is the order a shuffled view reads them in."""

    __slots__ = ("fields", "spec", "order", "_len")

    def __init__(self, fields, spec, order=None):
        self.fields = dict(fields)
        self.spec = spec
        self.order = order
        if order is not None:
            self._len = len(order)
        else:
            self._len = next(iter(self.fields.values())).shape[0] if self.fields else 0

    def __len__(self):
        return self._len

    def to(self, device):
        """The same examples with every field on `device` (batches follow);
        the dataset itself when they are all there."""
        device = torch.device(device)
        if all(v.device == device for v in self.fields.values()):
            return self
        return Dataset({k: v.to(device) for k, v in self.fields.items()}, self.spec, self.order)

    def take(self, start, stop):
        """The fields of examples start..stop (in this view's order)."""
        if self.order is None:
            return {k: v[start:stop] for k, v in self.fields.items()}
        index = self.order[start:stop]
        return {k: v.index_select(0, index.to(v.device)) for k, v in self.fields.items()}

    def __getitem__(self, i):
        if not -self._len <= i < self._len:
            raise IndexError("example %d of a dataset of %d" % (i, self._len))
        i %= self._len
        j = i if self.order is None else int(self.order[i])
        return Example({k: v[j] for k, v in self.fields.items()}, self.spec)

    def __getattr__(self, name):
        if name.startswith("__") or name in ("fields", "spec", "order", "_len"):
            raise AttributeError(name)
        try:
            return self.fields[_field_key(self.spec, name)]
        except KeyError:
            raise AttributeError("Dataset[%s] has no field `%s`" % (self.spec.name, name)) from None

    def __repr__(self):
        return "Dataset[%s](%d examples%s; %s)" % (
            self.spec.name,
            self._len,
            ", shuffled" if self.order is not None else "",
            ", ".join("%s: %s" % (k, list(v.shape[1:])) for k, v in self.fields.items()),
        )


def shuffle(ds, seed):
    """A view of `ds` in an order drawn from `seed` alone."""
    g = torch.Generator()
    g.manual_seed(int(seed))
    perm = torch.randperm(len(ds), generator=g)
    order = perm if ds.order is None else ds.order[perm]
    return Dataset(ds.fields, ds.spec, order)


class Batches:
    """The batches of `size` examples of a dataset, in its order; the last
    one has the examples left over (it may be smaller)."""

    __slots__ = ("dataset", "size")

    def __init__(self, dataset, size):
        if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
            raise ValueError("batches(): the size must be a positive int, not %r" % (size,))
        self.dataset = dataset
        self.size = size

    def __len__(self):
        return -(-len(self.dataset) // self.size)

    def __iter__(self):
        ds, size = self.dataset, self.size
        for start in range(0, len(ds), size):
            yield Batch(ds.take(start, min(start + size, len(ds))), ds.spec)

    def __repr__(self):
        return "batches(%r, %d)" % (self.dataset, self.size)


def batches(ds, size):
    return Batches(ds, size)


def batch_loop(batches, padded, where):
    """`for batch in data |> batches(n):` yields the batches and shows the
    loop's progress in the terminal sink. With `padded` (the checker found
    padding exact: docs/padding.md) and fixed shapes on, each batch comes
    with `pad_mask` and a last batch smaller than the batch size is padded
    up to it with copies of its own examples. Each batch's field shapes are
    counted under `where` (padding.shapes_seen).

    On several workers (workers.py), each gets its contiguous part of each
    batch (after padding), with its part of the mask: a batch of 64 on 3
    is 22/21/21, and a worker may hold only padding. A loop the checker
    can't pad can't be split exactly either: each worker runs its batches
    whole (the same on every worker, so exact, only not faster)."""
    from . import announcements, padding, sinks

    try:
        total = len(batches)
    except TypeError:
        total = None
    pad_to = batches.size if padded and padding.enabled() and isinstance(batches, Batches) else None
    split = workers.workers() > 1 and padded
    if workers.workers() > 1 and not padded:
        _whole_on_each_worker(where)
    if isinstance(batches, Batches):  # for the steps that record ahead (recording.py)
        # The whole batches' sizes: a worker records its part of each (recording.py).
        announcements.announce(
            batches.dataset.spec, announcements.epoch_sizes(len(batches.dataset), batches.size, pad_to)
        )
    token = sinks.loop_begin(where, total)
    try:
        for b in batches:
            if pad_to is not None and isinstance(b, Batch):
                fields, mask = padding.pad_examples(b.fields, pad_to)
                b = Batch(fields, b.spec, mask)
            if split and isinstance(b, Batch):
                fields, mask = workers.split(b.fields, b.pad_mask)
                b = Batch(fields, b.spec, mask)
            if isinstance(b, Batch):
                padding.note_shape(where, tuple(v.shape for v in b.fields.values()))
            yield b
            sinks.loop_advance(token)
    finally:
        sinks.loop_end(token)


_warned_whole = set()


def _whole_on_each_worker(where):
    """Says once per loop that its batches aren't split (splitting it
    wouldn't be exact)."""
    import warnings

    if where in _warned_whole or not workers.is_first():
        return
    _warned_whole.add(where)
    warnings.warn(
        "the loop over batches at %s runs each batch whole on every worker: it can't be padded (its hover says "
        "why), so it can't be split exactly either" % where,
        RuntimeWarning,
        stacklevel=3,
    )
