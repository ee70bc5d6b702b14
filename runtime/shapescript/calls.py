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
        "_last",
        "_key",
        "_result_keyed",
        "_result_trusted",
    )

    def __init__(self, name, where, params, result=None, extern=None, device=None, follows=False):
        self.name = name
        self.where = where
        self.params = tuple(params)
        self._params = tuple(((p,), spec) for p, spec in self.params)
        self.result = result
        self.extern = extern
        self.device = device
        self.label = "%s() (extern fn %s)" % (name, extern) if extern else "%s()" % name
        # The argument checks that passed, by what they read (_key_maker),
        # and the last of them, (key, bindings): a loop's calls are alike.
        self._passed = {}
        self._last = None
        # What makes that key (_key_maker), when a call's checks can be told
        # by it: every parameter a tensor, model, mode or host value, none an
        # Index (whose value checks read its values); else None.
        kinds = tuple(_key_kind(s) for _, s in self.params)
        self._key = None if None in kinds else _key_maker(kinds)
        self._result_keyed = self._key is not None and _plain_result(result)
        # `follows`: the checker proved the result's shapes, elements and
        # devices follow from the arguments' (the compiler says so only of
        # a function that reaches no Python, extern fn, other file, load or
        # size made from data). Then one result that passed against a
        # call's bindings vouches for every later call that gets them.
        self._result_trusted = self._result_keyed and follows and extern is None

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
        "_result_passed",
    )


# What a parameter adds to a call's key (_key_maker): a tensor its
# shape, dtype and device, a model its class and device, a mode or a host
# value its type.
_TENSOR, _MODEL, _MODE, _HOST = "tensor", "model", "mode", "host"


def _key_kind(spec):
    if type(spec) is TensorSpec:
        return _TENSOR if spec.element not in ("index", "float") else None
    return {ModelSpec: _MODEL, ModeSpec: _MODE, ScalarSpec: _HOST}.get(type(spec))


def _bindings(st, checks, value_checks):
    out = Bindings(st.env)
    out.bound_by = st.bound_by
    out.device, out.device_from = st.device, st.device_from
    out.float_dtype, out.float_from = st.float_dtype, st.float_from
    out.checks, out.value_checks = checks, value_checks
    # The keys of results that passed against these bindings; None when
    # results are checked in full (check_args sets it when they need not).
    out._results = None
    out._result_passed = False  # a trusted result passed (Signature's `follows`)
    return out


# Inside torch.export or torch.compile, whose checks become the program's
# assertions and guards, each call checks in full: no key. (torch.export
# sets is_compiling too.)
_compiling = torch.compiler.is_compiling
_SCALARS = (bool, int, float, str)


# What an argument's shape, element and device checks read, after `first`,
# for a call of a signature whose parameters add `kinds` (_key_kind); None
# for an argument of another kind (its check says what is wrong) and while
# tracing. One flat tuple, each parameter's entries at the same places. It
# is made at every call, so the function that makes it is written out for
# each list of kinds (as dataclasses writes __init__): a loop over the
# parameters cost twice the checks it saves on a small function. Its text
# holds only names made here, nothing from a program.
def _key_maker(kinds):
    made = _key_makers.get(kinds)
    if made is None:
        made = _key_makers[kinds] = _write_key_maker(kinds)
    return made


_key_makers = {}


def _write_key_maker(kinds):
    names, tests, parts = [], [], []
    for i, kind in enumerate(kinds):
        a = "a%d" % i
        names.append(a)
        if kind is _TENSOR:
            tests.append("isinstance(%s, Tensor)" % a)
            parts += ["%s.shape" % a, "%s.dtype" % a, "%s.device" % a]
        elif kind is _MODEL:
            tests.append("isinstance(%s, Model)" % a)
            parts += ["type(%s)" % a, "device_of(%s)" % a]
        elif kind is _MODE:
            tests.append("isinstance(%s, Mode)" % a)
            parts.append("type(%s)" % a)
        else:
            tests.append("type(%s) in SCALARS" % a)
            parts.append("type(%s)" % a)
    lines = ["def key(args, first):"]
    if names:
        lines.append("    %s, = args" % ", ".join(names))
    lines.append("    if compiling() or not (%s):" % (" and ".join(tests) or "True"))
    lines.append("        return None")
    lines.append("    return (first, %s)" % "".join(p + ", " for p in parts))
    scope = {
        "Tensor": torch.Tensor,
        "Model": Model,
        "Mode": Mode,
        "SCALARS": _SCALARS,
        "device_of": device_of,
        "compiling": _compiling,
    }
    exec("\n".join(lines), scope)  # noqa: S102 (a text made above from fixed pieces)
    return scope["key"]


# What a result's checks read; None for a result of another kind. Asked
# only with bindings check_args keyed, so never while tracing.
def _result_key(value):
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
    key = sig._key(args, value_checks) if checks and sig._key is not None else None
    if key is not None:
        last = sig._last
        if last is not None and last[0] == key:
            return last[1]
        passed = sig._passed.get(key)
        if passed is not None:
            sig._last = (key, passed)
            return passed
    bindings = _check_params(
        sig, ((path, spec, value) for (path, spec), value in zip(params, args, strict=True)), checks, value_checks
    )
    if key is not None:
        if sig._result_keyed:
            bindings._results = set()
        if len(sig._passed) >= 64:  # shapes that keep changing: keep the newest
            sig._passed.clear()
        sig._passed[key] = bindings
        sig._last = (key, bindings)
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
    if bindings._result_passed:
        return value
    key = _result_key(value) if bindings._results is not None else None
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
        bindings._result_passed = sig._result_trusted
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
