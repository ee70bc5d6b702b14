"""Control flow in exported programs (docs/export.md, "Control flow"): what
an `if` and a `for i in a..b` of an exported function are in the module
`shapescript export` traces, where torch.export can't follow a Python `if`
on a value it doesn't know.

The code generator writes each branch, and a loop's body, as a function of
the values it may assign, returning them in order; these helpers choose:

- `branch`: a condition known while tracing (a Python bool) runs the branch
  it picks, as a Python `if` would; a `[] Mask` or a bool made of dynamic
  sizes is a `torch.cond`.
- `loop`: both ends numbers while tracing, the body runs once per `i`
  (unrolled); otherwise a `torch.while_loop` over `i` and the values.

Outside tracing they are a plain `if` and `for`.
"""

import torch


def exporting():
    """Whether torch.export is tracing the caller now."""
    compiler = getattr(torch, "compiler", None)
    return bool(compiler and getattr(compiler, "is_exporting", None) and compiler.is_exporting())


def _carried(value, like=None):
    """A value entering or leaving a traced branch or loop body, which
    torch wants as tensors: a tensor fresh (torch refuses a result that is,
    or views, one of the inputs), an int, float or bool a 0-d tensor (of
    `like`'s dtype where `like` is a tensor), a tuple item by item."""
    if isinstance(value, tuple):
        likes = tuple(like) if isinstance(like, tuple) else ()
        likes += (None,) * (len(value) - len(likes))  # a branch's results: its inputs, then what it assigns
        return tuple(_carried(v, k) for v, k in zip(value, likes, strict=False))
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(like, torch.Tensor):
        return torch.scalar_tensor(value, dtype=like.dtype)
    dtype = torch.int64 if type(value) is int else torch.bool if type(value) is bool else None
    return torch.scalar_tensor(value, dtype=dtype)


def _kinds(values):
    """Which values are ints (True; they go back to ints from their 0-d
    tensors, so a size or an index stays a number), item by item."""
    if isinstance(values, tuple):
        return tuple(_kinds(v) for v in values)
    return type(values) is int


def _as_given(values, kinds):
    """The values as the branch or body was given them: ints again."""
    if isinstance(kinds, tuple):
        kinds += (False,) * (len(values) - len(kinds))  # what a branch assigns, after its inputs
        return tuple(_as_given(v, k) for v, k in zip(values, kinds, strict=True))
    return values.item() if kinds and isinstance(values, torch.Tensor) else values


def branch(condition, when_true, when_false, values):
    """`if condition:` with its branches as functions of `values` (those it
    may change that exist before it), each returning what it may change
    (those first, then the ones every branch assigns). Returns what the
    branch taken returned."""
    values = tuple(values)
    if not _in_dynamo() and (isinstance(condition, bool) or not exporting()):
        return tuple((when_true if condition else when_false)(*values))
    kinds = _kinds(values)
    operands = _carried(values)

    def traced(function):
        return lambda *args: _carried(tuple(function(*_as_given(args, kinds))), operands)

    out = tuple(torch.cond(condition, traced(when_true), traced(when_false), operands))
    return _as_given(out, kinds)


def loop(start, stop, body, carried):
    """`for i in start..stop:` with its body a function of `i` and
    `carried` (the values it may change, then those it defines, None until
    it has), returning them. Returns the values after the last step."""
    carried = tuple(carried)
    if not _in_dynamo() and (not exporting() or (isinstance(start, int) and isinstance(stop, int))):
        for i in range(start, stop):
            carried = tuple(body(i, *carried))
        return carried
    if any(v is None for v in carried):
        # A name the body defines has no value before the first step, and
        # torch.while_loop carries only values: the first step runs as it
        # is, the rest in the loop (an empty loop leaves them as they were).
        if not start < stop:
            return carried
        carried = tuple(body(start, *carried))
        start = start + 1
    kinds = _kinds(carried)
    initial = _carried(carried)

    def step(i, *values):
        index = i.item()
        torch._check(index >= start)  # facts for the body's indexing with `i`
        torch._check(index < stop)
        return (i + 1, *_carried(tuple(body(index, *_as_given(values, kinds))), initial))

    out = torch.while_loop(lambda i, *values: i < stop, step, (_carried(start), *initial))
    return _as_given(tuple(out[1:]), kinds)


def _in_dynamo():
    """Inside a branch or loop body torch is tracing (with dynamo), where a
    size is an int to isinstance: there every `if` is a torch.cond and every
    loop a torch.while_loop, which run a Python bool's branch as it is."""
    compiler = getattr(torch, "compiler", None)
    return bool(compiler and getattr(compiler, "is_dynamo_compiling", compiler.is_compiling)())
