"""What a checkpoint's "shapescript" metadata must hold, and the check that
the file's tensors are what it says (docs/python.md, "Checkpoints").

Malformed metadata is a ValueError saying what is wrong; a tensor whose
shape or dtype isn't the one described is an ArgumentError naming it."""

import json

import torch

from .errors import ArgumentError

FORMAT = 1


def _size(n):
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def _shape(v):
    return isinstance(v, list) and all(_size(n) for n in v)


def _string(v):
    return isinstance(v, str)


def _dtype(v):
    return isinstance(v, str) and v.startswith("torch.") and isinstance(getattr(torch, v[6:], None), torch.dtype)


def _strings(v):
    return isinstance(v, list) and all(_string(x) for x in v)


def _objects(v):
    return isinstance(v, list) and all(isinstance(x, dict) for x in v)


def _shapes(v):
    return isinstance(v, dict) and all(_shape(x) for x in v.values())


def _numbers(v):
    return isinstance(v, dict) and all(isinstance(x, dict) for x in v.values())


# Each kind's keys: what checks a value, and what the message calls it.
_KINDS = {
    "model": {"class": (_string, "a string"), "fields": (_shapes, "an object of shapes ({name: [sizes]})")},
    "tensor": {"shape": (_shape, "a list of sizes"), "dtype": (_dtype, 'a torch dtype such as "torch.float32"')},
    "optimizer": {
        "class": (_string, "a string"),
        "model_class": (_string, "a string"),
        "count": (_size, "a count"),
        "schedule": (_string, "a string"),
        "fields": (_strings, "a list of field names"),
        "param_groups": (_objects, "a list of objects"),
        "numbers": (_numbers, "an object of objects"),
    },
}


def _json_kind(v):
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(v), "a number")


def read_values(path, text):
    """The values the metadata `text` describes, each a dict with the keys
    its kind needs. ValueError when the metadata is malformed."""

    def bad(what):
        return ValueError("%s has malformed shapescript metadata: %s" % (path, what))

    try:
        info = json.loads(text)
    except ValueError as e:
        raise bad("not JSON (%s)" % e) from None
    if not isinstance(info, dict):
        raise bad("expected an object, found %s" % _json_kind(info))
    if info.get("format") != FORMAT:
        raise ValueError("%s has checkpoint format %r; this runtime reads %d" % (path, info.get("format"), FORMAT))
    values = info.get("values")
    if not isinstance(values, list):
        raise bad('"values" should be a list, found %s' % _json_kind(values))
    for i, v in enumerate(values, 1):
        if not isinstance(v, dict):
            raise bad("value %d should be an object, found %s" % (i, _json_kind(v)))
        keys = _KINDS.get(v.get("kind"))
        if keys is None:
            raise bad(
                'value %d: "kind" should be model, optimizer or tensor, found %s' % (i, json.dumps(v.get("kind")))
            )
        for key, (check, expected) in keys.items():
            if not check(v.get(key)):
                article = "an" if v["kind"][0] in "aeiou" else "a"
                raise bad(
                    'value %d (%s %s): "%s" should be %s, found %s'
                    % (i, article, v["kind"], key, expected, json.dumps(v.get(key))[:60])
                )
    return values


def dtype_name(dtype):
    return str(dtype).replace("torch.", "")


def check_tensors(path, values, tensors):
    """Each model field's and each tensor value's stored tensor has the shape
    (and for a tensor value, the dtype) its metadata says."""
    for i, v in enumerate(values):
        if v["kind"] == "model":
            for name, shape in v["fields"].items():
                _check(path, tensors, "%d/%s" % (i, name), "field `%s`" % name, name, shape, None)
        elif v["kind"] == "tensor":
            _check(path, tensors, str(i), "value %d" % (i + 1), None, v["shape"], v["dtype"])


def _check(path, tensors, key, what, name, shape, dtype):
    t = tensors.get(key)
    if t is None:
        raise ValueError("%s: the metadata describes %s, but the file has no tensor %r" % (path, what, key))
    if list(t.shape) != shape:
        raise ArgumentError(
            "%s: %s has shape %s in the file, but its metadata says %s" % (path, what, list(t.shape), shape),
            parameter=name,
            expected=shape,
            found=list(t.shape),
        )
    if dtype is not None and str(t.dtype) != dtype:
        raise ArgumentError(
            "%s: %s holds %s in the file, but its metadata says %s"
            % (path, what, dtype_name(t.dtype), dtype_name(dtype)),
            parameter=name,
            expected=dtype_name(dtype),
            found=dtype_name(t.dtype),
        )
