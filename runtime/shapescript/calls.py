"""Checks at a function's boundary: a function's `Signature` (its parameters'
specs and its declared result's), the argument check every generated
function starts with (`check_args`), the check of what it returns
(`check_result`), and `checked_extern`, an `extern fn`'s target with both.

The result is checked against the sizes the arguments bound, so
`fn f(x: [b n D]) -> [b D]` must return the `b` and `D` of its `x`.
"""

import torch

from .checking import _State
from .data import Dataset
from .models import Model, device_of
from .modes import Mode
from .specs import ModelSpec, ModeSpec, ScalarSpec, TensorSpec, TupleSpec


class Signature:
    """A function's parameters and their specs, and its result's spec (None
    when nothing is checked), built once per function. `extern` is the
    Python target of an `extern fn`, for messages. `device` is the
    program's (its file's `devices`), which every argument must be on;
    None: the first argument's."""

    __slots__ = (
        "name",
        "where",
        "params",
        "_params",
        "result",
        "extern",
        "label",
        "device",
        "_passed",
        "_keyed",
        "_result_keyed",
    )

    def __init__(self, name, where, params, result=None, extern=None, device=None):
        self.name = name
        self.where = where
        self.params = tuple(params)
        self._params = tuple(((p,), spec) for p, spec in self.params)
        self.result = result
        self.extern = extern
        self.device = device
        self.label = "%s() (extern fn %s)" % (name, extern) if extern else "%s()" % name
        # The argument checks that passed, by what they read (_arguments_key).
        self._passed = {}
        # Whether a call's checks can be told by that key: every parameter
        # a tensor, model, mode or host value, none an Index (whose value
        # checks read its values).
        self._keyed = all(
            type(s) in (ModelSpec, ModeSpec, ScalarSpec)
            or (type(s) is TensorSpec and s.element not in ("index", "float"))
            for _, s in self.params
        )
        self._result_keyed = self._keyed and _plain_result(result)

    def __repr__(self):
        text = "Signature(%s(%s)" % (self.name, ", ".join("%s: %s" % (p, s.describe()) for p, s in self.params))
        if self.result is not None:
            text += " -> " + self.result.describe()
        return text + " at %s)" % self.where


class Bindings(dict):
    """What an argument check bound (symbol -> size, `..s` -> tuple of
    sizes), with what its result check needs: which argument bound each
    symbol, the device, an extern fn's float type, and the check levels."""

    __slots__ = (
        "bound_by",
        "device",
        "device_from",
        "float_dtype",
        "float_from",
        "checks",
        "value_checks",
        "_results",
    )


def _bindings(st, checks, value_checks):
    out = Bindings(st.env)
    out.bound_by = st.bound_by
    out.device, out.device_from = st.device, st.device_from
    out.float_dtype, out.float_from = st.float_dtype, st.float_from
    out.checks, out.value_checks = checks, value_checks
    out._results = set()  # the keys of results that passed against these bindings
    return out


# Inside torch.export or torch.compile, whose checks become the program's
# assertions and guards, each call checks in full: no key.
_compiling, _exporting = torch.compiler.is_compiling, torch.compiler.is_exporting
_SCALARS = (bool, int, float, str)


# What an argument's shape, element and device checks read, for a value of
# the kinds Signature._keyed allows, after `first`; None for anything else.
# One flat tuple (a tensor's three entries begin with a torch.Size, a
# model's two with its class, so no two kinds of argument look alike): it
# is made and hashed at every call, so it is kept small.
def _arguments_key(args, first):
    if _compiling() or _exporting():
        return None
    key = [first]
    for a in args:
        if isinstance(a, torch.Tensor):
            key += (a.shape, a.dtype, a.device)
        elif isinstance(a, Model):
            key += (type(a), device_of(a))
        elif isinstance(a, Mode) or type(a) in _SCALARS:
            key.append(type(a))
        else:
            return None
    return tuple(key)


def _result_key(value):
    if _compiling() or _exporting():
        return None
    if isinstance(value, torch.Tensor):
        return (value.shape, value.dtype, value.device)
    if type(value) is tuple and all(isinstance(v, torch.Tensor) for v in value):
        return tuple((v.shape, v.dtype, v.device) for v in value)
    return None


def _check_params(sig, pairs, checks, value_checks):
    """Checks (param path, spec, value) triples in order; returns Bindings."""
    st = _State(sig.name, None, None, value_checks, sig.label, device=sig.device)
    if checks:
        for path, spec, value in pairs:
            spec._check(value, st, path)
        if st.deferred:
            st.finish()
    elif value_checks:
        for path, spec, value in pairs:
            spec._values(value, st, path)
    return _bindings(st, checks, value_checks)


def check_args(sig, args, value_checks, checks=True):
    """Checks a call's arguments against `sig`, their shapes, element types
    and device when `checks`, their values' domains when `value_checks`
    (either without the other); raises ArgumentError. Returns the Bindings
    (the size symbols it bound, name -> size) that `check_result` checks
    the result against."""
    params = sig._params
    if len(args) != len(params):
        raise TypeError("%s() takes %d arguments, %d given" % (sig.name, len(params), len(args)))
    # The checks read the arguments' shapes, elements and devices only: a
    # call like one that passed passes, binding what it bound (no Index
    # among them, whose values are checked each call).
    key = _arguments_key(args, value_checks) if checks and sig._keyed else None
    if key is not None:
        passed = sig._passed.get(key)
        if passed is not None:
            return passed
    bindings = _check_params(
        sig, ((path, spec, value) for (path, spec), value in zip(params, args, strict=True)), checks, value_checks
    )
    if key is not None:
        if len(sig._passed) >= 64:  # shapes that keep changing: keep the newest
            sig._passed.clear()
        sig._passed[key] = bindings
    return bindings


def convert_arg(sig, index, value):
    """The argument of a `Dataset[T]` parameter (its `index`th) as a
    Dataset, converted and checked as `as Dataset[T]` converts one (a
    mapping of arrays, a .safetensors or .npz file), and on the program's
    device; a Dataset already there is returned as it is. Raises
    ArgumentError naming the function and the parameter."""
    name, spec = sig.params[index]
    if isinstance(value, Dataset) and (sig.device is None or value.to(sig.device) is value):
        return value
    return spec._cast(value, _State(sig.name, None, None, True, sig.label, device=sig.device), (name,))


def check_result(sig, value, bindings):
    """Checks what a call of `sig` returned against its declared result and
    the sizes its arguments bound (`bindings`, from check_args), at the
    same levels; raises ArgumentError naming the result."""
    # A result like one that passed against these bindings passes (its
    # checks read its shapes, elements and devices; an Index's values are
    # checked each time).
    key = _result_key(value) if bindings.checks and sig._result_keyed else None
    if key is not None and key in bindings._results:
        return value
    st = _State(sig.name, None, None, bindings.value_checks, sig.label, result=True)
    if bindings.checks:
        st.env = dict(bindings)
        st.bound_by = dict(bindings.bound_by)
        st.device, st.device_from = bindings.device, bindings.device_from
        st.float_dtype, st.float_from = bindings.float_dtype, bindings.float_from
        sig.result._check(value, st, ("result",))
        if st.deferred:
            st.finish()
    elif bindings.value_checks:
        sig.result._values(value, st, ("result",))
    if key is not None:
        bindings._results.add(key)
    return value


def _plain_result(spec):
    """A result whose checks read no values: tensors other than Index."""
    if type(spec) is TensorSpec:
        return spec.element not in ("index", "float")
    return type(spec) is TupleSpec and all(_plain_result(s) for s in spec.specs)


def with_defaults(target, names, defaults):
    """An extern fn's target as the module gives it to Python: the defaults
    its declaration writes (`approximate: str = "tanh"`) apply when a caller
    leaves them out, and those parameters go by name, given by position or
    not (torch makes them keyword-only), as the module's own calls pass
    them. `names`: the declared parameters in order; `defaults`: name ->
    value."""
    first = min((names.index(n) for n in defaults), default=len(names))

    def call(*args, **kwargs):
        if len(args) <= len(names):  # more than it declares: the target's own business
            for i in range(first, len(args)):
                if names[i] in kwargs:
                    raise TypeError("%s() got multiple values for argument '%s'" % (call.__name__, names[i]))
                kwargs[names[i]] = args[i]
            args = args[:first]
        for name, value in defaults.items():
            kwargs.setdefault(name, value)
        return target(*args, **kwargs)

    call.__name__ = getattr(target, "__name__", "extern")
    call.__doc__ = getattr(target, "__doc__", None)
    call.__wrapped__ = target
    return call


def checked_extern(sig, target, checks, value_checks):
    """An `extern fn`'s target, called with the arguments the declaration
    names checked (positional ones in order, keywords by name; others,
    such as `dim` for `over=`, pass unchecked), and then its result."""
    names = tuple(p for p, _ in sig.params)
    # `= torch.nn.functional`: said at import, not at each call; a target
    # with_defaults wraps is itself callable, the target it wraps may not be.
    if not callable(getattr(target, "__wrapped__", target)):
        raise TypeError(
            "extern fn %s: its target %s is a %s, not a function"
            % (sig.name, sig.extern, type(getattr(target, "__wrapped__", target)).__name__)
        )

    def call(*args, **kwargs):
        # In the declaration's order, as the checker binds them.
        given = dict(zip(names, args, strict=False))
        given.update((k, v) for k, v in kwargs.items() if k in names)
        pairs = [(path, spec, given[path[0]]) for path, spec in sig._params if path[0] in given]
        bindings = _check_params(sig, pairs, checks, value_checks)
        return check_result(sig, target(*args, **kwargs), bindings)

    call.__name__ = sig.name
    call.__qualname__ = sig.name
    call.__doc__ = "%s, checked against %s" % (sig.extern, sig)
    call.__wrapped__ = target
    return call
