"""`as` at run time: `expect` checks a value that already has a type
(a tensor), `cast` converts a Python value (numpy, a list, a mapping of
arrays or a file, a checkpoint) and checks it, and `to_dtypes` changes the
element types of a tuple's tensors. Each checks through a spec (specs.py)
and the state of one check (checking.py).
"""

import torch

from .checking import _State
from .control import exporting
from .specs import TensorSpec, TupleSpec


def _bind_known(st, sizes):
    """Sizes the function already has: symbol -> (size, the parameter it
    came from)."""
    if sizes:
        for symbol, (size, parameter) in sizes.items():
            st.env[symbol] = size
            st.bound_by[symbol] = parameter


def expect(value, spec, where, checks=True, value_checks=False, sizes=None):
    """`e as T` on a value that already has a type: returns it, checked
    when `checks` (the module's _ss_checks) is true. Value domains (an
    Index[V] in 0..V) are read when `value_checks` is true, with or without
    `checks`: they wait for the device. `sizes` holds the function's sizes that T names,
    symbol -> (size, the parameter it came from), which the value must
    agree with."""
    if exporting():
        if checks:
            _traced_expect(value, spec, where, {k: v for k, (v, _) in (sizes or {}).items()})
        return value
    st = _State(None, where, spec, value_checks)
    if checks:
        _bind_known(st, sizes)
        spec._check(value, st, ("value",))
        if st.deferred:
            st.finish()
    elif value_checks:
        spec._values(value, st, ("value",))
    return value


def _traced_expect(value, spec, where, known):
    """`as` while torch.export traces (docs/export.md): each axis whose size
    is a number, or made of the function's sizes `known`, is a torch._check,
    which torch.export takes as a fact (the rest of the function sees the
    asserted size) and the program checks when it runs (RuntimeError)."""
    if isinstance(spec, TupleSpec):
        for v, s in zip(value, spec.specs, strict=False):
            _traced_expect(v, s, where, known)
        return
    if not isinstance(spec, TensorSpec) or spec._var >= 0 or not isinstance(value, torch.Tensor):
        return
    for dim, (written, terms) in enumerate(spec.axes):
        size = 0
        for coefficient, symbols in terms:
            if any(name not in known for name in symbols):
                break
            term = coefficient
            for name in symbols:
                term = term * known[name]
            size = size + term
        else:
            actual = value.shape[dim]
            message = "%s: `as` expected axis %d to be %s" % (where, dim + 1, written)
            torch._check(actual == size, lambda message=message: message)


def to_dtypes(value, dtypes):
    """`as` on a tuple whose tensor items change element type: each item
    `.to` its dtype (None: as it is; a tuple for a tuple item)."""
    return tuple(
        v if d is None else to_dtypes(v, d) if isinstance(d, tuple) else v.to(d)
        for v, d in zip(value, dtypes, strict=True)
    )


def cast(value, spec, where, sizes=None, device=None):
    """`e as T` on a Python value: converts it (numpy or a list to a tensor,
    a mapping of arrays or a file to a Dataset, a checkpoint to a model) and
    checks it, values included, against the function's `sizes` as for
    `expect`. `device` is the program's (None: where the value is); what is
    converted is put there. Returns the typed value."""
    st = _State(None, where, spec, True, device=device)
    _bind_known(st, sizes)
    out = spec._cast(value, st, ("value",))
    if st.deferred:
        st.finish()
    return out
