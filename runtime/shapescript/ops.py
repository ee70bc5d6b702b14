"""Operations generated code calls where a torch function alone doesn't say
it: the axis conventions ShapeScript uses, masks, draws, and `print`.

The masked operations (docs/padding.md, "Masked operations") keep one rule,
which each one's docstring states as "Padded positions": the padded
positions of their operand hold copies of real ones, and so do those of
their result. An operation along a padded axis takes its statistics (a
sum, a max, a mean) from the real positions only, and computes each
position's result from that position's value and those statistics, so a
padded position gets what its source gets: as finite as a real result,
never a 0 or an infinity of the padding's own. Along a padded axis it
doesn't reduce, it masks nothing. tests/runtime/test_padding.py checks
the rule for each operation, tests/codegen/test_padding_fuzz.py whole
programs."""

import builtins
import re

import einops
import torch
import torch.nn.functional as F

from . import padding, recording, workers
from .draws import split_part
from .modes import draw_seed, drops


def _across_workers(x, pads, padded, dims=None):
    """Whether an operation over `dims` of `x` (None: every dim) goes across
    a batch split over the workers (workers.py), so that its statistics
    add up over them. A value with two split axes pairs examples that are
    on different workers: refused, since no worker has the pairs."""
    if workers.world() is None or not pads or not padded:
        return False
    ndim = x.dim()
    split = [d % ndim for pad, d in padded if workers.part_of(pads.get(pad)) is not None]
    if len(split) > 1:
        raise ValueError(
            "a value pairs the examples of a batch split across %d workers (its axes %s are both the batch): "
            "run it on one device" % (workers.workers(), split)
        )
    wanted = None if dims is None else {d % ndim for d in ((dims,) if isinstance(dims, int) else dims)}
    return any(wanted is None or d in wanted for d in split)


def scale(x, factor):
    return x * factor


def minimum(a, b):
    """torch.minimum; `b` is a tensor the generated code aligned to `a`,
    or a number, which torch.minimum takes as a 0-d tensor of a's type."""
    return torch.minimum(a, b if isinstance(b, torch.Tensor) else a.new_tensor(b))


def maximum(a, b):
    """torch.maximum, `b` as minimum takes it."""
    return torch.maximum(a, b if isinstance(b, torch.Tensor) else a.new_tensor(b))


def masked_fill(x, mask, value):
    """`mask` is already aligned to `x` by the generated code."""
    return x.masked_fill(mask, value)


def dropout(x, p, mode, pads=None, padded=()):
    """Zeroes each element with probability p and scales the rest by
    1/(1-p), as torch's dropout; the identity in Eval, in Sample or when p
    is 0. The
    mask comes from a generator seeded with the draw's seed (draw_seed).
    On a worker's part of a split batch (`pads`), the mask is its part of
    the whole batch's, as one device draws it."""
    if not drops(mode) or p == 0:
        return x
    if not 0 <= p <= 1:
        raise ValueError("dropout(): p must be in 0..1, not %r" % (p,))
    if p == 1:
        return x * 0
    # Inside a recorded step, the generator the graph reads its seed from,
    # seeded before each replay (recording.py); else one seeded here.
    g = recording.draw_generator(x.device, mode)
    if g is None:
        g = torch.Generator(device=x.device)
        g.manual_seed(draw_seed(mode))
    part = split_part(x.dim(), pads, padded)
    shape = list(x.shape)
    if part is not None:
        shape[part[0]] = part[2]
    keep = torch.empty(shape, dtype=x.dtype, device=x.device).bernoulli_(1 - p, generator=g)
    if part is not None:
        keep = keep.narrow(part[0], part[1], x.shape[part[0]])
    return x * keep.div_(1 - p)  # as torch: the mask is scaled, then multiplied


def attention(
    q,
    k,
    v,
    attn_mask=None,
    dropout_p=0.0,
    is_causal=False,
    scale=None,
    enable_gqa=False,
    mode=None,
    pads=None,
    padded=(),
):
    """torch's scaled_dot_product_attention whose weights' dropout is drawn
    as `dropout`'s (from the mode's seed and the draw's path, the identity
    in Eval and Sample), which torch's own, from its global generator,
    isn't. Without a draw it is torch's fused function; with one, the same
    computation written out: scores, mask, softmax, dropout, values."""
    if not drops(mode) or dropout_p == 0:
        return F.scaled_dot_product_attention(
            q, k, v, attn_mask=attn_mask, is_causal=is_causal, scale=scale, enable_gqa=enable_gqa
        )
    if enable_gqa:  # each key and value head serves a group of query heads, as torch's
        k = k.repeat_interleave(q.size(-3) // k.size(-3), -3)
        v = v.repeat_interleave(q.size(-3) // v.size(-3), -3)
    scores = (q @ k.transpose(-2, -1)) * (1 / q.size(-1) ** 0.5 if scale is None else scale)
    if is_causal:
        attn_mask = torch.ones(q.size(-2), k.size(-2), dtype=torch.bool, device=q.device).tril()
    if attn_mask is not None:
        scores = scores.masked_fill(~attn_mask, -torch.inf) if attn_mask.dtype == torch.bool else scores + attn_mask
    return dropout(torch.softmax(scores, -1), dropout_p, mode, pads, padded) @ v


def select_scatter(x, dim, src, index):
    """`x` with its slice at `index` along `dim` replaced by `src` (the
    generated code's order: the dim before the values, as gather's)."""
    return torch.select_scatter(x, src, dim, index)


def cross_entropy(z, y, class_dim, pads=None, padded=(), ignore_index=None, label_smoothing=0.0):
    """The mean over the examples of the cross entropy of logits `z`, whose
    classes are axis `class_dim`, against class indices `y`, as torch's:
    the examples labelled `ignore_index` left out, the targets smoothed by
    `label_smoothing`. With `pads`
    (padding.py), the mean over the real examples only: the padded ones'
    labels are torch's ignore_index, which F.cross_entropy leaves out of
    its mean (and their gradient exactly zero), in one fused call. Padded
    positions: none (a mean over every example)."""
    if padded:  # the padded dims as the labels have them: z's without the class axis
        class_dim %= z.dim()
        padded = tuple((pad, d % z.dim() - (d % z.dim() > class_dim)) for pad, d in padded if d % z.dim() != class_dim)
    real = padding.real_mask(y, pads, padded)
    if ignore_index is not None and ignore_index != _IGNORED:  # one ignored label for both
        y = torch.where(y == ignore_index, _IGNORED, y)
    if real is not None:
        y = torch.where(real, y, _IGNORED)
    if z.dim() > 1 and class_dim % z.dim() != 1:
        z = z.movedim(class_dim, 1)
    if _across_workers(y, pads, padded):  # the sum and count of every worker's real examples
        total = F.cross_entropy(z, y, ignore_index=_IGNORED, reduction="sum", label_smoothing=label_smoothing)
        total = workers.global_sum(total)
        return total / workers.global_sum((y != _IGNORED).sum()).to(total.dtype)
    return F.cross_entropy(z, y, ignore_index=_IGNORED, label_smoothing=label_smoothing)


_IGNORED = -100  # torch's default ignore_index; a class index is never negative (Index[C])


def _along(t, dim, ndim):
    """A weight of one axis, viewed so it broadcasts along axis `dim`."""
    dim %= ndim
    return t.reshape(t.shape + (1,) * (ndim - dim - 1))


def rms_norm(x, dim, weight=None, eps=1e-5, pads=None, padded=()):
    """x / sqrt(mean(x^2 over dim) + eps), times weight. With `pads`
    (padding.py), the mean is over the real positions along `dim`. Padded
    positions: each position's value over that mean, as their sources'."""
    real = padding.real_mask(x, pads, padded, dim)
    if real is None and dim % x.dim() == x.dim() - 1:
        return F.rms_norm(x, (x.shape[-1],), weight, eps)
    square = x.pow(2)
    across = _across_workers(x, pads, padded, dim)
    ms = (
        square.mean(dim, keepdim=True)
        if real is None
        else _masked_mean(square, real, dim, True, across, padding.real_prefix(x, pads, padded, dim))
    )
    y = x * torch.rsqrt(ms + eps)
    return y if weight is None else y * _along(weight, dim, x.dim())


def layer_norm(x, dim, weight=None, bias=None, eps=1e-5, pads=None, padded=()):
    """(x - mean) / sqrt(var + eps) over axis `dim`, times weight, plus bias.
    With `pads` (padding.py), mean and variance of the real positions.
    Padded positions: each position's value by those statistics, as their
    sources'."""
    real = padding.real_mask(x, pads, padded, dim)
    if real is not None:
        across = _across_workers(x, pads, padded, dim)
        prefix = padding.real_prefix(x, pads, padded, dim)
        centred = x - _masked_mean(x, real, dim, True, across, prefix)
        y = centred * torch.rsqrt(_masked_mean(centred.pow(2), real, dim, True, across, prefix) + eps)
        if weight is not None:
            y = y * _along(weight, dim, x.dim())
        return y if bias is None else y + _along(bias, dim, x.dim())
    if dim % x.dim() == x.dim() - 1:
        return F.layer_norm(x, (x.shape[-1],), weight, bias, eps)
    return F.layer_norm(x.movedim(dim, -1), (x.shape[dim],), weight, bias, eps).movedim(-1, dim)


def causal(n, m, device=None):
    """The [n m] Mask true where column j <= row i."""
    return torch.ones(n, m, dtype=torch.bool, device=device).tril()


def arange(start, end, step=1, device=None):
    return torch.arange(start, end, step, dtype=torch.int64, device=device)


def topk(x, k, dim, largest=True):
    """torch.topk as a tuple (values, indices). The checker refuses a k it
    can prove past the axis; a generic axis's size only the run knows, so
    a k past it is refused here, saying so, not in torch's words. Of a
    Mask, which torch's refuses on the CPU: of its 0s and 1s, the values
    Masks again."""
    if isinstance(k, int) and not 0 <= k <= x.shape[dim]:
        raise ValueError(
            "topk(): k must be in 0..%d (the size of the axis it is taken over), not %d" % (x.shape[dim], k)
        )
    if x.dtype == torch.bool:
        values, indices = torch.topk(x.to(torch.uint8), k, dim=dim, largest=largest)
        return values.to(torch.bool), indices
    return tuple(torch.topk(x, k, dim=dim, largest=largest))


def _as_floats(x):
    """A Mask's or integers' values as f32 (their mean, variance), any
    floating value as it is."""
    return x if x.is_floating_point() or x.is_complex() else x.to(torch.float32)


def mean(x, dim=None, pads=None, padded=()):
    """The mean over `dim` (None: all axes); of a Mask, the fraction true.
    With `pads` (padding.py), over the real positions of the padded dims.
    Padded positions: none along `dim`; along another padded dim, the mean
    of their own row, as their sources'."""
    x = _as_floats(x)
    prefix = padding.real_prefix(x, pads, padded, dim)
    if prefix is not None:
        return padding.prefix_of(x, dim, prefix).mean(dim)
    real = padding.real_mask(x, pads, padded, dim)
    if real is not None:
        return _masked_mean(x, real, dim, False, _across_workers(x, pads, padded, dim))
    return torch.mean(x) if dim is None else torch.mean(x, dim)


def var(x, dim=None, pads=None, padded=(), correction=1):
    """The variance over `dim` (None: all axes), as torch.var: the squared
    deviations' sum over n - correction. Of a Mask or integers, as floats.
    With `pads`, of the real positions of the padded dims (_spread)."""
    return _spread(torch.var, x, dim, pads, padded, correction)


def std(x, dim=None, pads=None, padded=(), correction=1):
    """The standard deviation over `dim` (None: all axes), as torch.std:
    var's square root, with `pads` as var takes them."""
    return _spread(torch.std, x, dim, pads, padded, correction)


def _spread(torch_op, x, dim, pads, padded, correction):
    """torch.var or torch.std (torch_op) of the real positions: torch's own
    on them when they are x's first k along `dim` (bit for bit the
    unpadded result), else from their masked mean and squared deviations
    (added up across the workers of a split batch)."""
    x = _as_floats(x)
    prefix = padding.real_prefix(x, pads, padded, dim)
    if prefix is not None:
        return torch_op(padding.prefix_of(x, dim, prefix), dim, correction=correction)
    real = padding.real_mask(x, pads, padded, dim)
    across = _across_workers(x, pads, padded, dim)
    if real is None and not across:
        return torch_op(x, correction=correction) if dim is None else torch_op(x, dim, correction=correction)
    spread = _masked_var(x, real, dim, across, correction)
    return spread if torch_op is torch.var else spread.sqrt()


def _masked_var(x, real, dim, across, correction):
    """var over `dim` of the `real` positions (None: all of them), the
    padded ones adding exact zeros chosen by `where` (so their gradient is
    exactly zero); `across` the workers, every sum added up over them."""
    if real is None:
        real = torch.ones((), dtype=torch.bool, device=x.device)
    # Detached: the deviations from the mean add up to zero, so no
    # gradient goes through it; and a worker's own deviations don't, so
    # through global_sum it would add a wrong one.
    centre = _masked_mean(x, real, dim, True, across).detach()
    real = real.expand(x.shape)
    deviations = torch.where(real, (x - centre) ** 2, torch.zeros((), dtype=x.dtype, device=x.device))
    total = deviations.sum() if dim is None else deviations.sum(dim)
    count = real.sum() if dim is None else real.sum(dim)
    if across:
        total, count = workers.global_sum(total), workers.global_sum(count)
    return total / (count - correction).clamp(min=0).to(x.dtype)


def _masked_mean(x, real, dim, keepdim=False, across=False, prefix=None):
    """The mean of `x` over `dim` (None: all) at the `real` positions (a
    mask broadcastable to x): their sum (padded positions add exact zeros,
    chosen by `where`, so their gradient is exactly zero) divided by their
    number; `across` the workers, both added up over them first. With
    `prefix` (padding.real_prefix), the plain mean of the first positions."""
    if prefix is not None:
        return padding.prefix_of(x, dim, prefix).mean(dim, keepdim=keepdim)
    real = real.expand(x.shape)
    kept = torch.where(real, x, torch.zeros((), dtype=x.dtype, device=x.device))
    total = kept.sum() if dim is None else kept.sum(dim, keepdim=keepdim)
    count = real.sum() if dim is None else real.sum(dim, keepdim=keepdim)
    if across:
        total, count = workers.global_sum(total), workers.global_sum(count)
    return total / count.to(x.dtype)


def sum(x, dim=None, pads=None, padded=()):
    """The sum over `dim` (None: all axes); of a Mask, the count true (i64).
    With `pads` (padding.py), of the real positions of the padded dims.
    Padded positions: none along `dim`; along another padded dim, the sum
    of their own row, as their sources'."""
    prefix = padding.real_prefix(x, pads, padded, dim)
    if prefix is not None:
        return torch.sum(padding.prefix_of(x, dim, prefix), dim)
    real = padding.real_mask(x, pads, padded, dim)
    across = _across_workers(x, pads, padded, dim)
    if real is not None:
        x = torch.where(real, x, torch.zeros((), dtype=x.dtype, device=x.device))
    total = torch.sum(x) if dim is None else torch.sum(x, dim)
    return workers.global_sum(total) if across else total


def _fill_padding(x, pads, padded, dim, value):
    """`x` with the padded positions along `dim` at `value` (by `where`), or
    None when nothing along `dim` is padded."""
    real = padding.real_mask(x, pads, padded, dim)
    if real is None:
        return None
    return torch.where(real, x, torch.full((), value, dtype=x.dtype, device=x.device)), real


def _lowest(dtype):
    """The identity of a max in `dtype`: -inf, an integer's least, False."""
    if dtype == torch.bool:
        return False
    return float("-inf") if dtype.is_floating_point or dtype.is_complex else torch.iinfo(dtype).min


def _highest(dtype):
    """The identity of a min in `dtype`: inf, an integer's greatest, True."""
    if dtype == torch.bool:
        return True
    return float("inf") if dtype.is_floating_point or dtype.is_complex else torch.iinfo(dtype).max


def _extreme(torch_op, x, dim, pads, padded, padding_value):
    """torch.amax or torch.amin along `dim` (None: of all); with `pads`, of
    the real positions. Of an empty selection, torch's own error, as the
    compact (empty) selection gives it, not the padding's infinity."""
    filled = _fill_padding(x, pads, padded, dim, padding_value)
    if filled is not None:
        empty = padding.empty_selection(x, pads, padded, dim)
        if empty is not None:
            x = empty  # torch raises on it, in its own words
        else:
            x = filled[0]
    if not _across_workers(x, pads, padded, dim):
        return torch_op(x) if dim is None else torch_op(x, dim)
    return _chosen_across_workers(_reduced(torch_op, x, dim, padding_value), torch_op is torch.amax)


def _reduced(torch_op, x, dim, identity):
    """torch_op of x over dim (None: all); over an empty part of a split
    batch (a worker with no example), the reduction's identity."""
    if x.numel() == 0 and (dim is None or x.shape[dim] == 0):
        shape = () if dim is None else x.shape[: dim % x.dim()] + x.shape[dim % x.dim() + 1 :]
        return torch.full(shape, identity, dtype=x.dtype, device=x.device)
    return torch_op(x) if dim is None else torch_op(x, dim)


def _chosen_across_workers(local, largest):
    """The max (min) over the workers of each one's `local` max (min); its
    gradient goes to the worker(s) whose value it is, as one device's goes
    to the position it is (workers.py: scaled, since gradients are
    averaged)."""
    best = workers.global_extreme(local, largest)
    if not local.requires_grad:
        return best
    return torch.where(local == best, workers.scaled_for_average(local), best)


def amax(x, dim=None, pads=None, padded=()):
    """The largest value along `dim` (None: of all); with `pads`, of the real
    positions. Padded positions: none along `dim` (it is reduced away)."""
    return _extreme(torch.amax, x, dim, pads, padded, _lowest(x.dtype))


def amin(x, dim=None, pads=None, padded=()):
    """The smallest value along `dim` (None: of all); with `pads`, of the
    real positions. Padded positions: none along `dim` (it is reduced away)."""
    return _extreme(torch.amin, x, dim, pads, padded, _highest(x.dtype))


def prod(x, dim=None, pads=None, padded=()):
    """The product along `dim` (None: of all); with `pads`, of the real
    positions (the padded ones are exact ones). Padded positions: none
    along `dim`."""
    filled = _fill_padding(x, pads, padded, dim, 1)
    x = x if filled is None else filled[0]
    if _across_workers(x, pads, padded, dim):
        return workers.global_prod(_reduced(torch.prod, x, dim, 1))
    return torch.prod(x) if dim is None else torch.prod(x, dim)


def logsumexp(x, dim=None, pads=None, padded=()):
    """log(sum(exp(x))) along `dim` (None: of all); with `pads`, of the real
    positions (the padded ones at -inf, whose exp is exactly 0). Padded
    positions: none along `dim`."""
    filled = _fill_padding(x, pads, padded, dim, float("-inf"))
    x = x if filled is None else filled[0]
    if _across_workers(x, pads, padded, dim):  # shifted by the max of them all, their exps added up
        top = workers.global_extreme(_reduced(torch.amax, x, dim, float("-inf")), True)
        top = torch.where(torch.isfinite(top), top, torch.zeros((), dtype=top.dtype, device=top.device))
        shifted = x - (top if dim is None else top.unsqueeze(dim))
        return workers.global_sum(shifted.exp().sum() if dim is None else shifted.exp().sum(dim)).log() + top
    return torch.logsumexp(x.flatten(), 0) if dim is None else torch.logsumexp(x, dim)


# The padding of each reduction of a pattern: its identity, in the
# operand's dtype (a Mask's max pads with False, an i64's with its least).
_REDUCE_PADDING = {
    "sum": lambda dtype: 0,
    "mean": lambda dtype: 0,
    "max": _lowest,
    "min": _highest,
    "prod": lambda dtype: 1,
}


def _pattern_items(side):
    """The top-level items of one side of an einops pattern: a name, `...`,
    or a group (a tuple of its names)."""
    items, group = [], None
    for token in re.findall(r"\(|\)|\.\.\.|[^\s()]+", side):
        if token == "(":
            group = []
        elif token == ")":
            items.append(tuple(group))
            group = None
        elif group is not None:
            group.append(token)
        else:
            items.append(token)
    return items


def _reduced_dims(pattern, ndim):
    """The input dims an einops reduce `pattern` reduces away: those whose
    axis (or every axis of whose group, or `...`) is missing on the right."""
    left, right = pattern.split("->")
    kept = set()
    for item in _pattern_items(right):
        kept.update(item if isinstance(item, tuple) else (item,))
    items = _pattern_items(left)
    dims = []
    if "..." in items:
        at = items.index("...")
        before, after = items[:at], items[at + 1 :]
        covered = ndim - len(before) - len(after)
        spans = [(item, 1) for item in before] + [("...", covered)] + [(item, 1) for item in after]
    else:
        spans = [(item, 1) for item in items]
    d = 0
    for item, width in spans:
        names = item if isinstance(item, tuple) else (item,)
        if not any(name in kept for name in names):
            dims.extend(range(d, d + width))
        d += width
    return dims


def reduce(x, pattern, reduction, pads=None, padded=(), **sizes):
    """einops.reduce; with `pads`, of the real positions along the padded
    dims the pattern reduces: the padded ones are the reduction's identity
    (`where`), and a mean divides by the number of real positions each
    result has. Padded positions: along a padded dim the pattern keeps,
    what their sources give (the statistics don't mix positions there)."""
    real = padding.real_mask(x, pads, padded, _reduced_dims(pattern, x.dim()))
    if real is None:
        return einops.reduce(x, pattern, reduction, **sizes)
    if reduction not in _REDUCE_PADDING:
        raise ValueError("reduce(): a padded reduction is one of %s, not %r" % (sorted(_REDUCE_PADDING), reduction))
    across = _across_workers(x, pads, padded, _reduced_dims(pattern, x.dim()))
    real = real.expand(x.shape)
    filled = torch.where(real, x, torch.full((), _REDUCE_PADDING[reduction](x.dtype), dtype=x.dtype, device=x.device))
    if across and reduction == "prod":
        return workers.global_prod(einops.reduce(filled, pattern, "prod", **sizes))
    if reduction in ("max", "min"):
        local = einops.reduce(filled, pattern, reduction, **sizes)
        return _chosen_across_workers(local, reduction == "max") if across else local
    if reduction != "mean":
        local = einops.reduce(filled, pattern, reduction, **sizes)
        return workers.global_sum(local) if across else local
    total = einops.reduce(filled, pattern, "sum", **sizes)
    count = einops.reduce(real.to(x.dtype), pattern, "sum", **sizes)
    if across:
        total, count = workers.global_sum(total), workers.global_sum(count)
    return total / count


def _shift_and_total(x, real, dim, row_real=None, across=False):
    """The softmax's parts over the real positions along `dim`: x less their
    max (the max held constant, as torch's softmax does), at every position,
    and the sum of its exp over the real ones only.

    A padded position holds a copy of a real one, so its x is at most its
    row's real max, except where a mask by position (`causal`) differs
    between the copy and its source: a padded row may see no real position
    at all, or a padded position exceed its row's max. There, every value
    is kept finite (a row without a finite real value shifts by 0 and
    divides by 1; a padded position is shifted to at most 0), since a NaN or
    an infinity at a padded position times its zero gradient is a NaN in
    the real ones. `row_real` (None: every row) says which rows along the
    other padded dims are real: a real row with no finite value is NaN, as
    unpadded."""
    inf = torch.full((), float("-inf"), dtype=x.dtype, device=x.device)
    if across:  # the max and the total of every worker's part (which may be empty)
        top = workers.global_extreme(
            _reduced(torch.amax, torch.where(real, x, inf), dim, float("-inf")).unsqueeze(dim), True
        )
    else:
        top = torch.where(real, x, inf).amax(dim, keepdim=True).detach()
    top = torch.where(torch.isfinite(top), top, torch.zeros((), dtype=x.dtype, device=x.device))
    shifted = x - top
    shifted = torch.where(real, shifted, shifted.clamp(max=0))
    e = shifted.exp()
    total = torch.where(real, e, torch.zeros((), dtype=e.dtype, device=e.device)).sum(dim, keepdim=True)
    if across:
        total = workers.global_sum(total)
    if row_real is not None:  # a padded row that sees no real position divides by 1
        total = torch.where((total == 0) & ~row_real, torch.ones((), dtype=e.dtype, device=e.device), total)
    return shifted, e, total


def _rows_real(x, pads, padded, dim):
    """The mask of `x`'s real rows along its padded dims other than `dim`,
    or None when it has no other."""
    ndim = x.dim()
    others = [d % ndim for _, d in padded if d % ndim != dim % ndim]
    return padding.real_mask(x, pads, padded, others) if others else None


def softmax(x, dim, pads=None, padded=()):
    """The softmax along `dim`; with `pads`, normalised over the real
    positions. Padded positions: each holds what its source holds (a copy
    of its result, or exp(x - max) / total of its own value; never a 0 that
    a later `log` would make -inf)."""
    return _normalised(torch.softmax, x, dim, pads, padded)


def log_softmax(x, dim, pads=None, padded=()):
    """The log-softmax along `dim`; with `pads`, normalised over the real
    positions. Padded positions: each holds what its source holds (a copy
    of its result, or (x - max) - log(total) of its own value)."""
    return _normalised(torch.log_softmax, x, dim, pads, padded)


def _normalised(torch_op, x, dim, pads, padded):
    """softmax or log_softmax (torch_op) along `dim`, over its real
    positions. With the real ones x's first k known on the host and no
    other padded dim (so every row has k of them): torch's own on those,
    bit for bit the unpadded result, the padded positions copies of their
    sources' (as padding copies its inputs). Otherwise by their statistics
    (_shift_and_total), which keep a row with no real position finite."""
    prefix = padding.real_prefix(x, pads, padded, dim)
    rows_real = _rows_real(x, pads, padded, dim) if pads and padded else None
    if prefix is not None and rows_real is None:
        return padding.copies_up_to(torch_op(padding.prefix_of(x, dim, prefix), dim), dim, x.shape[dim])
    real = padding.real_mask(x, pads, padded, dim)
    if real is None:
        return torch_op(x, dim)
    shifted, e, total = _shift_and_total(x, real, dim, rows_real, _across_workers(x, pads, padded, dim))
    return e / total if torch_op is torch.softmax else shifted - total.log()


def print(*values):
    """ShapeScript's print: a 0-d tensor prints as its number; the line goes
    above any progress bar."""
    from .sinks import write_line

    if not workers.is_first():  # once, by the first worker
        return
    write_line(" ".join(_text(v) for v in values))


def _text(v):
    if isinstance(v, torch.Tensor) and v.dim() == 0:
        return builtins.str(v.item())
    return builtins.str(v)
