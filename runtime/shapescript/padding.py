"""Fixed shapes by padding (docs/padding.md): the switch, the shapes seen,
the fixed sizes, the last batch padded with copies of its own examples,
and the masks the masked operations of ops.py read.

A padded axis has a pad id (a number the generated code chooses); a
function's `_ss_pads` maps each id to the mask of that axis's real
positions (a bool tensor, True where real). A masked operation is given
`pads` and `padded`, a tuple of (pad id, dim) pairs: which dims of its
first operand are padded. With no mask for them, or with fixed shapes off,
it is the plain operation."""

import functools
import weakref

import torch

from . import workers

_on = True
_seen = {}
# The masks of kept selections (keep_selected), by id: the only padding that
# may have no real position at all (a batch has one, `padded` pads no empty
# axis). By id, since a tensor's `==` is elementwise.
_selections = weakref.WeakValueDictionary()
# Whether a masked operation may use a mask's real count known on the host
# (real_prefix): off, every one takes its `where` form, as a traced or
# recorded step does (the tests run both).
_host_prefixes = True
_first_masks = {}  # (real, size, device): first_positions's masks


def fixed_shapes(flag):
    """Turns padding on or off at run time; returns what it was. Off, the
    masked operations get no masks and are the plain ones."""
    global _on
    was = _on
    _on = bool(flag)
    return was


def enabled():
    return _on


def note_shape(where, shapes):
    """Counts the shapes of the tensors a loop over batches (by its
    `file:line`) or a padded function (by its name) has seen, a tuple of
    torch.Size (a tuple each: made plain when shapes_seen reports them)."""
    seen = _seen.get(where)
    if seen is None:
        seen = _seen[where] = set()
    seen.add(shapes)


def shapes_seen(reset=False):
    """The distinct shapes each loop over batches and each padded function
    has seen: {where: [shape, ...]}, shapes sorted. With `reset`, what was
    seen until now, and the count starts again from nothing."""
    seen = {where: sorted({tuple(map(tuple, shape)) for shape in shapes}) for where, shapes in _seen.items()}
    if reset:
        _seen.clear()
    return seen


def fixed_size(n):
    """The fixed size a length `n` is padded up to: the first of 1, 2, 3, 4,
    5, 7, 9, 12, ..., each about 25% above the last and a multiple of 8
    above 64, that is at least n."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError("fixed_size(): a length is an int of at least 0, not %r" % (n,))
    return _fixed_size(n)


@functools.lru_cache(maxsize=4096)  # a padded call asks it each time
def _fixed_size(n):
    size = 1
    while size < n:
        size = max(size + 1, (size * 5 + 3) // 4)
        if size > 64:
            size = -(-size // 8) * 8
    return size


def pad_examples(fields, size):
    """Each field's examples (its first axis) up to `size` with copies of
    its own examples, in order and again from the first, and the mask of
    the real ones: copies, never zeros, so every padded value is one a real
    example could have (docs/padding.md, "Why padding is exact")."""
    some = next(iter(fields.values()), None)
    real = some.shape[0] if some is not None else 0
    device = some.device if some is not None else None
    if real == 0 or real >= size:
        return fields, first_positions(real, real, device)
    return {k: copies_up_to(v, 0, size) for k, v in fields.items()}, first_positions(real, size, device)


def prefix_of(x, dim, k):
    """The first `k` positions of `x` along `dim`, a view: a slice when dim
    is 0, which costs less than narrow (a padded call makes a few)."""
    return x[:k] if dim == 0 else x.narrow(dim, 0, k)


def copies_up_to(value, dim, size):
    """`value` along `dim` up to `size` with copies of its own positions, in
    order and again from the first: never zeros."""
    real = value.shape[dim]
    if size == real:
        return value
    if 0 < size - real <= real:  # the usual case (fixed sizes grow by a quarter): one copy of the first ones
        return torch.cat((value, prefix_of(value, dim, size - real)), dim)
    index = torch.arange(size, device=value.device) % real
    return value.index_select(dim, index)


def first_positions(real, size, device):
    """The mask of `size` positions whose first `real` are the real ones.
    It remembers `real` (for real_prefix) until it is changed in place.
    Made once per (real, size, device): a mask changed in place since (a
    recording's, say) is made again; one made while a CUDA graph records
    lives in the graph's memory, so it is neither kept nor reused."""
    # A padded call asks for one every time: the kept one is looked up first.
    mask = _first_masks.get((real, size, device))
    if mask is not None and mask._ss_first[1] == mask._version and not _recording_on(mask.device):
        return mask
    if device is not None and not isinstance(device, torch.device):  # one key for "cpu" and torch.device("cpu")
        device = torch.device(device)
    if device is not None and _recording_on(device):
        return torch.arange(size, device=device) < real
    key = (real, size, device)
    mask = _first_masks.get(key)
    if mask is None or mask._ss_first[1] != mask._version:
        mask = torch.arange(size, device=device) < real
        mask._ss_first = (real, mask._version)
        if len(_first_masks) > 4096:
            _first_masks.clear()
        _first_masks[key] = mask
    return mask


def _recording_on(device):
    return device.type == "cuda" and torch.cuda.is_current_stream_capturing()


def real_prefix(x, pads, padded, dim):
    """k when the real positions of `x` along the padded dim `dim` are its
    first k and k is known on the host, else None.

    Then a masked operation along `dim` is the plain one on x's first k
    positions (exactly the unpadded program's), its padded positions
    copies of their sources' results. Never while torch.compile traces or
    a CUDA graph records (a step replayed with another batch reads the
    mask's new contents, not this number), nor for a worker's part of a
    split batch or a kept selection (their masks are not prefixes)."""
    if not _host_prefixes or not _on or not pads or not padded or not isinstance(dim, int):
        return None
    ndim = x.dim()
    dim %= ndim
    found = None
    for pad, d in padded:
        mask = pads.get(pad)
        if d % ndim != dim or mask is None:
            continue
        real = _host_count(mask, x)
        if real is None or real < 1 or mask.shape[0] != x.shape[dim] or (found is not None and found != real):
            return None
        found = real
    return found


def _host_count(mask, x):
    """How many of `mask`'s first positions are real, when first_positions
    made it, it is unchanged since, and the host may read it (real_prefix
    says when); else None."""
    # Asked first: a traced read of the attribute would make a graph per count.
    if not _host_prefixes or torch.compiler.is_compiling() or _capturing(x):
        return None
    first = getattr(mask, "_ss_first", None)
    if first is None or first[1] != mask._version or workers.part_of(mask) is not None:
        return None
    return first[0]


def real_mask(x, pads, padded, dims=None):
    """The mask of `x`'s real positions along the padded dims among `dims`
    (None: every dim), broadcastable to `x`; None when no such dim has a
    mask (or padding is off), so the operation is the plain one. A
    worker's part of a split batch (workers.py) is masked with padding off
    too: its operations add up over the workers through its mask."""
    if not pads or not padded:
        return None
    ndim = x.dim()
    wanted = None if dims is None else {d % ndim for d in ((dims,) if isinstance(dims, int) else dims)}
    out = None
    for pad, dim in padded:
        mask = pads.get(pad)
        dim %= ndim
        if mask is None or (wanted is not None and dim not in wanted):
            continue
        if not _on and workers.part_of(mask) is None:
            continue
        if _host_count(mask, x) == mask.shape[0]:  # every position real (a full batch): nothing to mask
            continue
        along = mask.reshape((mask.shape[0],) + (1,) * (ndim - dim - 1))
        out = along if out is None else out & along
    return out


def empty_selection(x, pads, padded, dims=None):
    """Where a kept selection among the padded dims in `dims` (None: every
    dim) selects nothing, `x` with that dim emptied, as the compact
    selection would be, so that the operation raises what it raises on it;
    else None. Only a selection can be empty; asking it reads the mask on
    the host, so it is skipped while a CUDA graph records."""
    if not _on or not pads or not padded or _capturing(x):
        return None
    ndim = x.dim()
    wanted = None if dims is None else {d % ndim for d in ((dims,) if isinstance(dims, int) else dims)}
    for pad, dim in padded:
        mask = pads.get(pad)
        dim %= ndim
        if mask is None or _selections.get(id(mask)) is not mask or (wanted is not None and dim not in wanted):
            continue
        if not bool(mask.any()):
            return x.narrow(dim, 0, 0)
    return None


def _capturing(x):
    return x.is_cuda and torch.cuda.is_current_stream_capturing()


def paddable(f, axes, refused):
    """Records on a generated function what `padded` can pad (the code
    generator writes the call after its def): `axes` maps each generic axis
    it can pad to (pad id, its parameters' dims as (name, position, dim),
    its results' as (tuple element or None, dim)); `refused` maps each other
    generic axis to what prevents padding it."""
    f._ss_padding = (axes, refused)


def padded(f, *names):
    """`f` with each call padding the generic axes it can (or those named)
    up to the next fixed size (fixed_size), masked, and its results cut back
    to the real sizes: so lengths 1 to 512 make 24 shapes. Naming an axis
    that can't be padded is a ValueError that says what prevents it."""
    info = getattr(f, "_ss_padding", None)
    if info is None:
        raise TypeError("padded(): %r is not a ShapeScript function with generic axes" % (f,))
    axes, refused = info
    fname = getattr(f, "__name__", "f")
    for name in names:
        if name in refused:
            raise ValueError("padded(): `%s` of %s() can't be padded: %s" % (name, fname, refused[name]))
        if name not in axes:
            known = ", ".join("`%s`" % n for n in sorted({*axes, *refused})) or "none"
            raise ValueError("padded(): %s() has no generic axis `%s` (its generic axes: %s)" % (fname, name, known))
    chosen = [(name, axes[name]) for name in (names or sorted(axes))]

    def call(*args, **kwargs):
        if not _on or not chosen:
            return f(*args, **kwargs)
        args = list(args)
        # Arguments that disagree on an axis's size: `f` as it is, which
        # says so in its own words (padding would cut one to the other).
        for _, (_, params, _) in chosen:
            if len(params) > 1 and len({_argument(args, kwargs, p).shape[p[2]] for p in params}) > 1:
                return f(*args, **kwargs)
        pads, cuts = {}, []
        for _, (pad, params, results) in chosen:
            first = _argument(args, kwargs, params[0])
            real = first.shape[params[0][2]]
            if real == 0:  # nothing to copy: as it is, unmasked
                continue
            size = _fixed_size(real)
            if size != real:
                for param in params:
                    _replace_argument(args, kwargs, param, copies_up_to(_argument(args, kwargs, param), param[2], size))
                cuts.append((results, real))
            pads[pad] = first_positions(real, size, first.device)
        shapes = [v.shape for v in args if isinstance(v, torch.Tensor)]
        if kwargs:
            shapes += [v.shape for v in kwargs.values() if isinstance(v, torch.Tensor)]
        note_shape(fname, tuple(shapes))
        out = f(*args, _ss_pad=pads, **kwargs)
        for results, real in cuts:
            for element, dim in results:
                if element is None:
                    out = prefix_of(out, dim, real)
                else:
                    out = tuple(prefix_of(v, dim, real) if i == element else v for i, v in enumerate(out))
        return out

    call.__name__ = fname
    call.__doc__ = f.__doc__
    call.__wrapped__ = f
    return call


# A padded call's argument (param, position, dim): by position when given
# so, else by name.
def _argument(args, kwargs, param):
    name, position, _ = param
    return args[position] if position < len(args) else kwargs[name]


def _replace_argument(args, kwargs, param, value):
    name, position, _ = param
    if position < len(args):
        args[position] = value
    else:
        kwargs[name] = value


def keep_selected(x, keep, dim, pads, pad):
    """`x[keep]` along `dim` kept at `keep`'s size (a selection the checker
    keeps padded: docs/padding.md): the unselected positions are copies of
    the first selected one (of position 0 when none is), and `keep` is the
    padding's mask, under `pad` in `pads`. With fixed shapes off, the
    compact selection, as without padding."""
    if not _on:
        return x[(slice(None),) * dim + (keep,)]
    positions = torch.arange(keep.shape[0], device=keep.device)
    first = torch.argmax(keep.to(torch.uint8))  # the first True, or 0
    pads[pad] = keep
    _selections[id(keep)] = keep
    return x.index_select(dim, torch.where(keep, positions, first))


def _compact(x, keep, dim):
    """`x[keep]` along `dim` (negative: counted from the end)."""
    at = (slice(None),) * dim + (keep,) if dim >= 0 else (Ellipsis, keep) + (slice(None),) * (-dim - 1)
    return x[at]


class Kept:
    """A result given back kept padded to a caller that keeps it too: the
    value, and the masks of its kept dims by (element of a tuple or None,
    dim), as the callee's declared result places them."""

    __slots__ = ("value", "masks")

    def __init__(self, value, masks):
        self.value = value
        self.masks = masks


def give_back(value, keep, pads, places):
    """What a `return` of kept selections gives: to a caller that keeps
    them (`keep`, its `_ss_keep=True`), the value as it is with its masks;
    to any other caller, Python's included, the compact value, as without
    padding. `places` is a tuple of (pad id, element, dim)."""
    if keep:
        return Kept(value, {(element, dim): pads.get(pad) for pad, element, dim in places})
    items = list(value) if isinstance(value, tuple) else None
    for pad, element, dim in places:
        mask = pads.get(pad)
        if mask is None:  # fixed shapes off: compacted where it was made
            continue
        if items is None:
            value = _compact(value, mask, dim)
        else:
            items[element] = _compact(items[element], mask, dim)
    return value if items is None else tuple(items)


def kept_result(result, pads, places):
    """A call's result its caller keeps padded (`f(..., _ss_keep=True)`):
    each kept dim's mask goes into the caller's `pads` under its own pad id
    (`places`: (pad id, element, dim)); gives the value."""
    for pad, element, dim in places:
        pads[pad] = result.masks[(element, dim)]
    return result.value
