"""Run-time types: the spec objects generated modules build once at module
level, each of which checks a value (`_check`), converts one (`_cast`,
for `as` on a Python value) or reads only its values (`_values`) against
the state of one check (checking.py). `as` itself is conversion.py.

Checks run on every call when they are on, so each spec does its work in
its constructor (dtype looked up, axes sorted into constants, single
symbols and polynomials) and builds a message only when a check fails.
"""

import os
from collections.abc import Mapping

import numpy as np
import torch
from torch.utils import data as _torch_data

from . import data as _data
from .checking import _CONST, _SYMBOL, _axis, _bound_value, _check_device, _check_float, _name, _shape, _size
from .checkpoint import Checkpoint
from .control import exporting
from .elements import DTYPES as _DTYPES
from .elements import FLOAT as _FLOAT
from .elements import INTEGER as _INTEGER
from .modes import Mode
from .training import Optimizer


def _axes_count(n):
    return "1 axis" if n == 1 else "%d axes" % n


def _type_name(value):
    if isinstance(value, torch.Tensor):
        return "a tensor of shape %s" % _shape(value.shape)
    return type(value).__name__


# Whether a float tensor must have its spec's float dtype. A served model
# (runtime/shapescript/hf.py) turns it off: an engine gives the model its
# values in a lower precision (seed 001); shapes are checked still.
FLOAT_DTYPES_CHECKED = True


class _Spec:
    __slots__ = ()

    def _cast(self, value, st, path):
        self._check(value, st, path)
        return value

    def _values(self, value, st, path):
        """The value checks alone (`--value-checks` with `--checks never`):
        only what reads values, on values of the right kind."""

    def __repr__(self):
        return "<%s %s>" % (type(self).__name__, self.describe())


class TensorSpec(_Spec):
    """A tensor type: `axes` is one `(written, terms)` per axis (terms a
    polynomial, None for a variadic `..s`), `element` an element code, or
    "float" for an extern fn's tensor whose element type isn't written.
    `bound` is an Index's bound: an int, a `(written, terms)` size of the
    function's symbols (`Index[n]`), or None (any position)."""

    __slots__ = ("axes", "element", "bound", "dtype", "key", "_fixed", "_var", "_var_name", "_ndim")

    def __init__(self, axes, element="f32", bound=None):
        if element not in _DTYPES and element != "float":
            raise ValueError("unknown element type %r (one of %s, float)" % (element, ", ".join(_DTYPES)))
        self.axes = tuple((w, None if t is None else tuple((c, tuple(s)) for c, s in t)) for w, t in axes)
        self.element = element
        if isinstance(bound, tuple):
            bound = (bound[0], tuple((c, tuple(syms)) for c, syms in bound[1]))
        self.bound = bound
        self.dtype = _DTYPES.get(element)  # None: any float
        self.key = (self.axes, element, bound)
        fixed = []
        self._var = -1
        self._var_name = None
        for i, (written, terms) in enumerate(self.axes):
            if terms is None:
                if self._var >= 0:
                    raise ValueError("a tensor type has at most one variadic group")
                self._var, self._var_name = i, written
            else:
                fixed.append(_axis(written, terms))
        self._fixed = tuple(fixed)
        self._ndim = len(fixed)

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def element_name(self):
        if self.element == "index":
            if self.bound is None:
                return "Index"
            return "Index[%s]" % (self.bound[0] if isinstance(self.bound, tuple) else self.bound)
        if self.element == "bool":
            return "Mask"
        return self.element

    def describe(self):
        text = "[" + " ".join(w for w, _ in self.axes) + "]"
        return text if self.element in ("f32", "float") else text + " " + self.element_name()

    def _check(self, x, st, path, lead=0):
        if not isinstance(x, torch.Tensor):
            st.fail(
                path,
                ": expected a tensor %s, found %s" % (self.describe(), _type_name(x)),
                expected=self.describe(),
                found=type(x).__name__,
            )
        shape = x.shape
        nd = len(shape) - lead
        var = self._var
        if var < 0:
            if nd != self._ndim:
                self._fail_rank(x, st, path, lead, "")
            extra = 0
        else:
            extra = nd - self._ndim
            if extra < 0:
                self._fail_rank(x, st, path, lead, "at least ")
        if self.dtype is None:
            _check_float(st, path, x)
        elif x.dtype != self.dtype and (
            FLOAT_DTYPES_CHECKED or not (x.is_floating_point() and self.dtype.is_floating_point)
        ):
            st.fail(
                path,
                ": expected %s, found %s" % (self._dtype_text(), x.dtype),
                expected=self.element_name(),
                found=str(x.dtype),
            )
        env = st.env
        for j, (written, kind, data) in enumerate(self._fixed):
            i = j if (var < 0 or j < var) else j + extra
            n = shape[lead + i]
            if kind == _CONST:
                if n != data:
                    st.fail(
                        path,
                        ", axis %d `%s`: expected size %d, found %d (%s has shape %s)"
                        % (i + 1, written, data, n, _name(path), _shape(shape)),
                        axis=written,
                        axis_index=i + 1,
                        expected=data,
                        found=n,
                    )
            elif kind == _SYMBOL:
                b = env.get(data)
                if b is None:
                    env[data] = n
                    st.bound_by[data] = _name(path)
                elif b != n:
                    st.fail(
                        path,
                        ", axis %d `%s`: expected %d (bound by `%s`), found %d (%s has shape %s)"
                        % (i + 1, written, b, st.bound_by[data], n, _name(path), _shape(shape)),
                        axis=written,
                        axis_index=i + 1,
                        expected=b,
                        found=n,
                    )
            elif not _size(st, path, written, data, i + 1, n, shape):
                if st.deferred is None:
                    st.deferred = []
                st.deferred.append((path, written, data, i + 1, n, shape))
        if var >= 0:
            group = tuple(shape[lead + var : lead + var + extra])
            b = env.get(self._var_name)
            if b is None:
                env[self._var_name] = group
                st.bound_by[self._var_name] = _name(path)
            elif b != group:
                st.fail(
                    path,
                    ", axes `%s`: expected %s (bound by `%s`), found %s (%s has shape %s)"
                    % (
                        self._var_name,
                        _shape(b),
                        st.bound_by[self._var_name],
                        _shape(group),
                        _name(path),
                        _shape(shape),
                    ),
                    axis=self._var_name,
                    axis_index=var + 1,
                    expected=list(b),
                    found=list(group),
                )
        _check_device(st, path, x.device)
        if st.value_checks and self.element == "index":
            self._check_index(x, st, path, lead)

    def _values(self, x, st, path):
        if self.element == "index" and isinstance(x, torch.Tensor):
            self._check_index(x, st, path, 0)

    def _dtype_text(self):
        if self.element in ("index", "bool"):
            return "%s (%s)" % (self.element_name(), self.dtype)
        return self.element

    def _fail_rank(self, x, st, path, lead, at_least):
        axes = "[" + " ".join(w for w, _ in self.axes) + "]"
        after = " after the example axis" if lead else ""
        st.fail(
            path,
            ": expected %s%s %s%s, found %d (%s has shape %s)"
            % (at_least, _axes_count(self._ndim), axes, after, x.dim() - lead, _name(path), _shape(x.shape)),
            expected=axes,
            found=_shape(x.shape),
        )

    def _check_index(self, x, st, path, lead):
        if exporting():
            self._assert_index(x, st, path)
            return
        if x.numel() == 0:
            return
        low, high = torch.aminmax(x)
        low, high = int(low), int(high)
        bound = _bound_value(self.bound, st.env)
        if low >= 0 and (bound is None or high < bound):
            return
        bad = low if low < 0 else high
        where = ""
        if lead:
            example = int((x == bad).reshape(x.shape[0], -1).any(1).nonzero()[0, 0])
            where = ", at example %d" % example
        domain = "0..%d" % bound if bound is not None else ">= 0"
        st.fail(
            path,
            ": expected %s values in %s, found %d (%s has shape %s%s)"
            % (self.element_name(), domain, bad, _name(path), _shape(x.shape), where),
            expected=domain,
            found=bad,
        )

    def _assert_index(self, x, st, path):
        """The domain check while torch.export traces: an aten._assert_async
        in the program, which reads the values where it runs (torch can't
        branch on them while tracing) and raises RuntimeError with the
        check's message."""
        bound = _bound_value(self.bound, st.env)
        inside = x >= 0
        if bound is not None:
            inside = inside & (x < bound)
        # A symbolic bound by its name: its number is known only where the program runs.
        written = self.bound[0] if isinstance(self.bound, tuple) else self.bound
        domain = ">= 0" if bound is None else "0..%s" % (bound if isinstance(bound, int) else written)
        message = "%s: expected %s values in %s" % (st.head(path), self.element_name(), domain)
        torch._assert_async(inside.all(), message)

    def _cast(self, value, st, path, lead=0):
        x = _as_tensor(value, self.element, self._dtype_text(), st, path)
        if x.dim() < lead:
            st.fail(path, ": expected a leading example axis, found a scalar", expected=None, found="[]")
        if st.home is None or x.device == st.home:
            self._check(x, st, path, lead)
            return x
        # Checked where it was made (its values read there, not on the
        # program's device), then moved there.
        st.device = x.device
        try:
            self._check(x, st, path, lead)
        finally:
            st.device = st.home
        return x.to(st.home)


def _as_tensor(value, element, wanted, st, path):
    """A Python value (tensor, numpy array, nested list, number) as a tensor
    of `element`'s dtype: floats convert to the float type asked for,
    integers to the integer type, bools stay bools. A list of ints becomes
    floats when floats are asked for; an integer *array* doesn't (it's
    usually pixels or ids that want scaling or a different field)."""
    python = False
    if isinstance(value, torch.Tensor):
        t = value
    elif isinstance(value, (np.ndarray, np.generic)):
        try:
            t = _numpy_tensor(value)
        except TypeError:
            st.fail(
                path,
                ": expected %s, found a numpy array of %s" % (wanted, value.dtype),
                expected=wanted,
                found=str(value.dtype),
            )
    else:
        try:
            t = torch.as_tensor(value)
        except (TypeError, ValueError, RuntimeError):
            st.fail(
                path,
                ": expected a tensor (%s), found %s" % (wanted, type(value).__name__),
                expected=wanted,
                found=type(value).__name__,
            )
        python = True
    dtype = _DTYPES[element]
    if t.dtype == dtype:
        return t
    if element in _FLOAT:
        ok = t.is_floating_point() or (python and t.dtype != torch.bool)
    elif element in _INTEGER:
        ok = not t.is_floating_point() and not t.is_complex() and t.dtype != torch.bool
    else:
        ok = False
    if not ok:
        st.fail(path, ": expected %s, found %s" % (wanted, t.dtype), expected=wanted, found=str(t.dtype))
    return t.to(dtype)


class ScalarSpec(_Spec):
    """A Python `int`, `float`, `bool` or `str`."""

    __slots__ = ("kind",)

    def __init__(self, kind):
        if kind not in ("int", "float", "bool", "str"):
            raise ValueError("unknown scalar kind %r" % (kind,))
        self.kind = kind

    def describe(self):
        return self.kind

    def _ok(self, v):
        kind = self.kind
        if kind == "float":
            return isinstance(v, (float, int, np.floating, np.integer)) and not isinstance(v, (bool, np.bool_))
        if kind == "int":
            return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))
        if kind == "bool":
            return isinstance(v, (bool, np.bool_))
        return isinstance(v, str)

    def _check(self, value, st, path):
        if not self._ok(value):
            st.fail(
                path,
                ": expected %s, found %s %r" % (self.kind, type(value).__name__, value)
                if isinstance(value, (int, float, str, bool))
                else ": expected %s, found %s" % (self.kind, _type_name(value)),
                expected=self.kind,
                found=type(value).__name__,
            )

    def _cast(self, value, st, path):
        if isinstance(value, torch.Tensor) and value.dim() == 0:
            value = value.item()
        self._check(value, st, path)
        return {"int": int, "float": float, "bool": bool, "str": str}[self.kind](value)


class ModelSpec(_Spec):
    """An instance of a generated model class."""

    __slots__ = ("cls",)

    def __init__(self, cls):
        self.cls = cls

    def describe(self):
        return self.cls.__name__

    def _check(self, value, st, path):
        # A Hugging Face model (runtime/shapescript/hf.py) stands for the
        # model whose fields it holds.
        if not isinstance(value, self.cls) and getattr(type(value), "_ss_stands_for", None) is not self.cls:
            st.fail(
                path,
                ": expected a %s model, found %s" % (self.cls.__name__, _type_name(value)),
                expected=self.cls.__name__,
                found=type(value).__name__,
            )
        for p in value.parameters():
            _check_device(st, path, p.device)
            break

    def _cast(self, value, st, path):
        if isinstance(value, Checkpoint):
            try:
                value = value.model(self.cls)
            except ValueError as e:
                st.fail(path, ": %s" % e, expected=self.cls.__name__, found=str(value.path))
            if st.home is not None:
                value = value.to(st.home)
        self._check(value, st, path)
        return value


class FieldSpec:
    """A field of a data record: a name and a TensorSpec for one example.
    `attribute` is the Python name a batch reads it by (`batch.class_`),
    where Python can't use the name itself (docs/generated-code.md)."""

    __slots__ = ("name", "spec", "attribute")

    def __init__(self, name, spec, attribute=None):
        self.name = name
        self.spec = spec
        self.attribute = attribute or name

    def __eq__(self, other):
        return isinstance(other, FieldSpec) and self.name == other.name and self.spec == other.spec

    def __hash__(self):
        return hash((self.name, self.spec))

    def __repr__(self):
        return "FieldSpec(%r, %s)" % (self.name, self.spec.describe())


class DataSpec(_Spec):
    """A data record: one example. As a spec it takes one example
    (`dataset[i]`, or a mapping of its fields through `as`)."""

    __slots__ = ("name", "fields", "by_name", "by_attribute", "key")

    def __init__(self, name, fields):
        self.name = name
        self.fields = tuple(fields)
        self.by_name = {f.name: f for f in self.fields}
        self.by_attribute = {f.attribute: f.name for f in self.fields if f.attribute != f.name}
        self.key = (name, tuple((f.name, f.spec.key) for f in self.fields))

    def __eq__(self, other):
        return isinstance(other, DataSpec) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def describe(self):
        return self.name

    def _check(self, value, st, path):
        if not (isinstance(value, _data.Example) and (value.spec is self or value.spec == self)):
            st.fail(
                path,
                ": expected a %s example, found %s" % (self.name, _describe_value(value)),
                expected=self.name,
                found=type(value).__name__,
            )

    def _cast(self, value, st, path):
        if isinstance(value, Mapping):
            fields = _fields(self, value, st, path, lead=0)
            return _data.Example(fields, self)
        self._check(value, st, path)
        return value


def _describe_value(value):
    spec = getattr(value, "spec", None)
    if isinstance(value, _data.Dataset):
        return "Dataset[%s]" % spec.name
    if isinstance(value, _data.Batch):
        return "Batch[%s]" % spec.name
    if isinstance(value, _data.Example):
        return "a %s example" % spec.name
    return _type_name(value)


def _fields(dspec, mapping, st, path, lead):
    """A mapping of arrays checked against a record, field by field: the
    tensors, converted, in the record's order."""
    missing = [f.name for f in dspec.fields if f.name not in mapping]
    extra = [k for k in mapping if k not in dspec.by_name]
    names = ", ".join("`%s`" % f.name for f in dspec.fields)
    if missing:
        st.fail(
            path,
            ": %s field `%s` is missing (%s has fields %s; found %s)"
            % (dspec.name, missing[0], dspec.name, names, ", ".join("`%s`" % k for k in mapping) or "no fields"),
            expected=missing[0],
            found=None,
        )
    if extra:
        st.fail(
            path,
            ": unexpected field `%s` (%s has fields %s)" % (extra[0], dspec.name, names),
            expected=None,
            found=extra[0],
        )
    out = {}
    length, first = None, None
    for f in dspec.fields:
        fpath = path + (f.name,)
        t = f.spec._cast(mapping[f.name], st, fpath, lead)
        if lead:
            if length is None:
                length, first = t.shape[0], f.name
            elif t.shape[0] != length:
                st.fail(
                    fpath,
                    ": has %d examples, but `%s` has %d" % (t.shape[0], first, length),
                    expected=length,
                    found=t.shape[0],
                )
        out[f.name] = t
    return out


def _read_arrays(file, st, path):
    """A .safetensors or .npz file as a dict of tensors."""
    name = os.fspath(file)
    if name.endswith(".safetensors"):
        from safetensors.torch import load_file

        return load_file(name)
    if name.endswith(".npz"):
        with np.load(name, allow_pickle=False) as f:
            return {k: f[k] for k in f.files}
    st.fail(
        path,
        ": can't read %s as a dataset (a .safetensors or .npz file, or a mapping of arrays)" % name,
        expected=".safetensors or .npz",
        found=name,
    )


class _ExamplesSpec(_Spec):
    """Examples of a record with a leading axis: a `Dataset` or a `Batch`
    (`_kind` names the class in shapescript.data)."""

    __slots__ = ("data",)
    _kind = None

    def __init__(self, data_spec):
        self.data = data_spec

    def describe(self):
        return "%s[%s]" % (self._kind, self.data.name)

    def _check(self, value, st, path):
        if not (isinstance(value, getattr(_data, self._kind)) and (value.spec is self.data or value.spec == self.data)):
            st.fail(
                path,
                ": expected %s, found %s" % (self.describe(), _describe_value(value)),
                expected=self.describe(),
                found=_describe_value(value),
            )

    def _cast(self, value, st, path):
        if isinstance(value, Mapping):
            return getattr(_data, self._kind)(_fields(self.data, value, st, path, lead=1), self.data)
        self._check(value, st, path)
        return value


class DatasetSpec(_ExamplesSpec):
    """A `Dataset` of a record; from Python also a mapping of arrays, a
    .safetensors or .npz file, a list of examples, a numpy structured
    array, a torch Dataset or DataLoader (_examples)."""

    __slots__ = ()
    _kind = "Dataset"

    def _cast(self, value, st, path):
        if isinstance(value, (str, os.PathLike)):
            value = _read_arrays(value, st, path)
        elif not isinstance(value, (Mapping, _data.Dataset)):
            gathered = _examples(value, self.data, st, path)
            if gathered is None:
                st.fail(
                    path,
                    ": expected %s (or a mapping of arrays, a .safetensors or .npz file, a list of examples, "
                    "a torch Dataset or DataLoader), found %s" % (self.describe(), _describe_value(value)),
                    expected=self.describe(),
                    found=_describe_value(value),
                )
            value = gathered
        out = super()._cast(value, st, path)
        # A dataset from elsewhere moves to the program's device, and its batches with it.
        return out if st.home is None else out.to(st.home)


class BatchSpec(_ExamplesSpec):
    """A `Batch` of a record (fields with a leading batch axis), on the
    call's device."""

    __slots__ = ()
    _kind = "Batch"

    def _check(self, value, st, path):
        super()._check(value, st, path)
        for t in value.fields.values():
            _check_device(st, path, t.device)
            break


class OptimizerSpec(_Spec):
    """An optimizer made for a model of class `cls`."""

    __slots__ = ("cls",)

    def __init__(self, cls):
        self.cls = cls

    def describe(self):
        return "Optimizer[%s]" % self.cls.__name__

    def _check(self, value, st, path):
        if not (isinstance(value, Optimizer) and isinstance(value.model, self.cls)):
            found = (
                "an optimizer of %s" % type(value.model).__name__ if isinstance(value, Optimizer) else _type_name(value)
            )
            st.fail(
                path,
                ": expected an optimizer of %s, found %s" % (self.cls.__name__, found),
                expected=self.describe(),
                found=found,
            )


class ModeSpec(_Spec):
    """`Train(seed=...)` or `Eval`."""

    __slots__ = ()

    def describe(self):
        return "Mode"

    def _check(self, value, st, path):
        if not isinstance(value, Mode):
            st.fail(
                path,
                ": expected a mode (Train(seed=...) or Eval), found %s" % _type_name(value),
                expected="Mode",
                found=type(value).__name__,
            )


class AnySpec(_Spec):
    """Anything (a Python value, untyped)."""

    __slots__ = ()

    def describe(self):
        return "any"

    def _check(self, value, st, path):
        pass


class TupleSpec(_Spec):
    """A tuple of values, one spec each."""

    __slots__ = ("specs",)

    def __init__(self, specs):
        self.specs = tuple(specs)

    def describe(self):
        return "(" + ", ".join(s.describe() for s in self.specs) + ")"

    def _items(self, value, st, path):
        if not isinstance(value, (tuple, list)) or len(value) != len(self.specs):
            found = (
                "a %s of %d values" % (type(value).__name__, len(value))
                if isinstance(value, (tuple, list))
                else _type_name(value)
            )
            st.fail(
                path,
                ": expected a tuple of %d values, found %s" % (len(self.specs), found),
                expected=len(self.specs),
                found=found,
            )
        return value

    def _check(self, value, st, path):
        for i, (spec, v) in enumerate(zip(self.specs, self._items(value, st, path), strict=True)):
            spec._check(v, st, path + (i,))

    def _values(self, value, st, path):
        if isinstance(value, (tuple, list)) and len(value) == len(self.specs):
            for i, (spec, v) in enumerate(zip(self.specs, value, strict=True)):
                spec._values(v, st, path + (i,))

    def _cast(self, value, st, path):
        return tuple(
            spec._cast(v, st, path + (i,))
            for i, (spec, v) in enumerate(zip(self.specs, self._items(value, st, path), strict=True))
        )


# ---------------------------------------------------------------- datasets from Python's data stack
#
# For `as Dataset[R]` (DatasetSpec): a torch map-style `Dataset`, a
# `DataLoader`, a list of examples, or a numpy structured array. Each becomes
# a mapping of R's fields to arrays with a leading example axis, which
# _fields then checks field by field as it checks any mapping (shapes,
# element types, index ranges). What only shows here, an example without
# one of R's fields or with one R hasn't, or two examples of a field with
# different shapes, fails here, naming the example, the field, what was
# expected and what was found.


def _examples(value, dspec, st, path):
    """`value` as a mapping of field -> its examples (a tensor with a
    leading example axis, or a list of Python values) when it is one of the
    kinds above; None when it isn't."""
    if isinstance(value, np.ndarray) and value.dtype.names:  # a structured array: a field per name
        return {name: value[name] for name in value.dtype.names}
    if isinstance(value, list):
        return _gathered(enumerate(value), "example", dspec, st, path, "an empty list")
    if isinstance(value, _torch_data.DataLoader):
        return _from_loader(value, dspec, st, path)
    if isinstance(value, _torch_data.TensorDataset):
        return _from_tensors(value.tensors, dspec, st, path)
    if isinstance(value, _torch_data.IterableDataset):
        return _gathered(enumerate(value), "example", dspec, st, path, "a dataset that yields none")
    if isinstance(value, _torch_data.Dataset):
        try:
            n = len(value)
        except TypeError:
            st.fail(
                path,
                ": expected a map-style torch Dataset (with len and [i]), found %s, which has no len"
                % type(value).__name__,
                expected="len",
                found=type(value).__name__,
            )
        return _gathered(((i, value[i]) for i in range(n)), "example", dspec, st, path, "an empty dataset")
    return None


def _field_names(dspec):
    return ", ".join("`%s`" % f.name for f in dspec.fields)


def _from_tensors(tensors, dspec, st, path):
    """A TensorDataset: its tensors are the fields, in the record's order."""
    if len(tensors) != len(dspec.fields):
        st.fail(
            path,
            ": expected a TensorDataset of %d tensors, one per field of %s (%s), found %d"
            % (len(dspec.fields), dspec.name, _field_names(dspec), len(tensors)),
            expected=len(dspec.fields),
            found=len(tensors),
        )
    return {f.name: t for f, t in zip(dspec.fields, tensors, strict=True)}


def _reads_its_dataset_once(loader):
    """Whether `loader` gives each example of its map-style dataset once,
    as torch collates it by default: then its dataset is the examples
    (in its stored order; `shuffle` is ShapeScript's)."""
    ds = loader.dataset
    if isinstance(ds, _torch_data.IterableDataset):
        return False
    try:
        n = len(ds)
    except TypeError:
        return False
    if loader.batch_sampler is None:  # batch_size=None: one example at a time
        sampler, collate = loader.sampler, _torch_data.default_convert
    else:
        batch_sampler = loader.batch_sampler
        if type(batch_sampler) is not _torch_data.BatchSampler:
            return False
        if batch_sampler.drop_last and n % batch_sampler.batch_size:
            return False
        sampler, collate = batch_sampler.sampler, _torch_data.default_collate
    if loader.collate_fn is not collate or getattr(sampler, "data_source", None) is not ds:
        return False
    if type(sampler) is _torch_data.SequentialSampler:
        return True
    return type(sampler) is _torch_data.RandomSampler and not sampler.replacement and sampler.num_samples == n


def _from_loader(loader, dspec, st, path):
    """A DataLoader: its dataset when it reads each example of it once,
    plainly collated; else what it yields, batch by batch (or example by
    example without batches)."""
    if _reads_its_dataset_once(loader):
        return _examples(loader.dataset, dspec, st, path)
    if loader.batch_sampler is None:
        return _gathered(enumerate(loader), "example", dspec, st, path, "a loader that yields none")
    return _gathered(enumerate(loader), "batch", dspec, st, path, "a loader that yields none")


def _example_values(item, unit, dspec, st, path):
    """One example's (or batch's) values in the record's field order: from a
    mapping by name, from a tuple or list in order, or, for a record of one
    field, the value itself."""
    names = [f.name for f in dspec.fields]
    if isinstance(item, Mapping):
        missing = [n for n in names if n not in item]
        if missing:
            st.fail(
                path,
                ": %s field `%s` is missing from %s (%s has fields %s; found %s)"
                % (
                    dspec.name,
                    missing[0],
                    unit,
                    dspec.name,
                    _field_names(dspec),
                    ", ".join("`%s`" % k for k in item) or "no fields",
                ),
                expected=missing[0],
                found=None,
            )
        extra = [k for k in item if k not in dspec.by_name]
        if extra:
            st.fail(
                path,
                ": unexpected field `%s` in %s (%s has fields %s)" % (extra[0], unit, dspec.name, _field_names(dspec)),
                expected=None,
                found=extra[0],
            )
        return [item[n] for n in names]
    if isinstance(item, (tuple, list)):
        if len(item) != len(names):
            st.fail(
                path,
                ": expected a %s of %s, one per field of %s (%s), found %s at %s"
                % (
                    type(item).__name__,
                    _counted(len(names), "value"),
                    dspec.name,
                    _field_names(dspec),
                    _counted(len(item), "value"),
                    unit,
                ),
                expected=len(names),
                found=len(item),
            )
        return list(item)
    if len(names) == 1 and isinstance(item, (torch.Tensor, np.ndarray, np.generic, int, float, bool)):
        return [item]
    st.fail(
        path,
        ": expected a mapping of %s's fields (%s) or a tuple of them in that order, found %s at %s"
        % (dspec.name, _field_names(dspec), _item_kind(item), unit),
        expected=dspec.name,
        found=type(item).__name__,
    )


def _counted(n, what):
    return "%d %s%s" % (n, what, "" if n == 1 else "s")


def _item_kind(value):
    if isinstance(value, torch.Tensor):
        return "a tensor of shape %s" % _shape(value.shape)
    name = type(value).__name__
    return "an %s" % name if name[:1].lower() in "aeiou" else "a %s" % name


def _numpy_tensor(v):
    """An array or numpy scalar as a tensor of its shape (ascontiguousarray
    makes a scalar one of shape [1])."""
    return torch.from_numpy(np.ascontiguousarray(v)).reshape(np.shape(v))


def _python(v):
    return isinstance(v, (bool, int, float, list)) and not isinstance(v, np.generic)


def _gathered(items, kind, dspec, st, path, source):
    """The examples `items` holds, as field -> its examples: `kind`
    "example" (each item one example, stacked) or "batch" (each item
    examples with a leading axis, put end to end)."""
    columns = [[] for _ in dspec.fields]
    for i, item in items:
        for column, v in zip(columns, _example_values(item, "%s %d" % (kind, i), dspec, st, path), strict=True):
            column.append(v)
    if not columns[0]:
        st.fail(
            path,
            ": expected examples of %s, found %s" % (dspec.name, source),
            expected=dspec.name,
            found=0,
        )
    return {
        f.name: _joined(column, kind, st, path + (f.name,)) for f, column in zip(dspec.fields, columns, strict=True)
    }


def _joined(values, kind, st, path):
    """One field's values, one per example (or batch), as one array: each
    converted to a tensor and checked to have the first one's shape (after
    the batch axis); Python values stay a list of them, for `_as_tensor`
    to convert as it converts lists (ints to floats where floats are asked
    for)."""
    tensors = []
    first = None
    for i, v in enumerate(values):
        unit = "%s %d" % (kind, i)
        try:
            t = _numpy_tensor(v) if isinstance(v, (np.ndarray, np.generic)) else torch.as_tensor(v)
        except (TypeError, ValueError, RuntimeError):
            st.fail(
                path,
                ": expected a tensor, an array or a number, found %s at %s" % (_item_kind(v), unit),
                expected="a tensor",
                found=type(v).__name__,
            )
        if kind == "batch" and t.dim() == 0:
            st.fail(
                path,
                ": expected a batch with a leading batch axis, found a single value at %s" % unit,
                expected="a batch axis",
                found="[]",
            )
        shape = t.shape[1:] if kind == "batch" else t.shape
        if first is None:
            first = shape
        elif shape != first:
            each = " after the batch axis" if kind == "batch" else ""
            st.fail(
                path,
                ": expected shape %s%s (as %s 0 has), found %s at %s"
                % (_shape(first), each, kind, _shape(shape), unit),
                expected=_shape(first),
                found=_shape(shape),
            )
        tensors.append(t)
    if kind == "example" and all(_python(v) for v in values):
        return list(values)
    if kind == "batch" and all(isinstance(v, list) for v in values):
        return [x for v in values for x in v]
    try:
        return torch.stack(tensors) if kind == "example" else torch.cat(tensors)
    except RuntimeError as e:  # on different devices
        st.fail(
            path,
            ": can't put its %ss together: %s" % (kind, e),
            expected=None,
            found=None,
        )
