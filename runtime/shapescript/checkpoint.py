"""`save(path, values...)` and `load(path)`: one .safetensors file holding
models' parameters and optimizers' state, described by JSON metadata.

The file's tensors are named `<i>/<field>` for the i-th value when it is a
model, `<i>/<field>/<state>` (exp_avg, momentum_buffer, ...) when it is an
optimizer, `<i>` when it is a tensor. The metadata key "shapescript" holds
{"format": 1, "values": [...]}, one entry per value: its kind, class name,
and fields with their shapes (an optimizer: its model's class, update
count, hyperparameters and schedule). `load` checks that form and the
tensors against it (checkpoint_format.py).
"""

import json
import os

import torch

from . import workers
from .checkpoint_format import FORMAT, check_tensors, dtype_name, read_values
from .errors import ArgumentError
from .files import replacing
from .models import Model
from .training import RUN_KEYS, Optimizer, count_resumed


def save(path, *values):
    """Writes `values` (models, optimizers, tensors) to one .safetensors file:
    to a temporary file first, renamed over `path` when complete. On
    several workers, the first writes it while the others wait, so that
    any of them may load it next."""
    from safetensors.torch import save_file

    if not workers.is_first():
        workers.barrier()
        return
    try:
        _save(path, values, save_file)
    finally:
        workers.barrier()


def _save(path, values, save_file):
    tensors = {}
    described = []
    for i, v in enumerate(values):
        if isinstance(v, Model):
            fields = {}
            for name, t in _state(v).items():
                tensors["%d/%s" % (i, name)] = _plain(t)
                fields[name] = list(t.shape)
            described.append({"kind": "model", "class": type(v).__name__, "fields": fields})
        elif isinstance(v, Optimizer):
            described.append(_save_optimizer(i, v, tensors))
        elif isinstance(v, torch.Tensor):
            tensors[str(i)] = _plain(v)
            described.append({"kind": "tensor", "shape": list(v.shape), "dtype": str(v.dtype)})
        else:
            raise TypeError(
                "save(): value %d is a %s; save saves models, optimizers and tensors" % (i + 1, type(v).__name__)
            )
    meta = {"shapescript": json.dumps({"format": FORMAT, "values": described})}
    _refuse_other_files(path)
    with replacing(path) as tmp:
        save_file(tensors, tmp, metadata=meta)


def _refuse_other_files(path):
    """A checkpoint replaces only a checkpoint: `save("m.ss", m)` would
    otherwise replace the program's own source, or any other file, with
    tensors. A .safetensors file starts with its header's length (8 bytes,
    little-endian) and then `{`."""
    try:
        with open(path, "rb") as f:
            head = f.read(9)
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        return  # a new file, or one files.replacing refuses with its own reason
    if len(head) == 9 and head[8:9] == b"{":
        return
    raise ValueError(
        "save(): %s: expected a checkpoint to replace (a .safetensors file) or a new name, found another kind of "
        "file (left as it is)" % os.fsdecode(os.fspath(path))
    )


def _state(m):
    out = dict(m.named_parameters())
    out.update(m.named_buffers())
    return out


def _plain(t):
    # safetensors wants contiguous CPU tensors that share no memory.
    return t.detach().to("cpu", copy=True).contiguous()


def _save_optimizer(i, opt, tensors):
    sd = opt.torch_optimizer.state_dict()
    names = [name for name, _ in opt.params]
    numbers = {}
    for index, state in sd["state"].items():
        name = names[index]
        for key, value in state.items():
            if isinstance(value, torch.Tensor):
                tensors["%d/%s/%s" % (i, name, key)] = _plain(value)
            elif value is not None:
                numbers.setdefault(name, {})[key] = value
    groups = [{k: v for k, v in g.items() if k != "params"} for g in sd["param_groups"]]
    return {
        "kind": "optimizer",
        "class": opt.kind,
        "model_class": type(opt.model).__name__,
        "count": opt.count,
        "schedule": repr(opt.schedule),
        "fields": names,
        "param_groups": json.loads(json.dumps(groups, default=_jsonable)),
        "numbers": numbers,
    }


def _jsonable(v):
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, torch.Tensor):
        return v.tolist()
    return repr(v)


class Checkpoint:
    """What `load(path)` read: `values` describes each saved value (dicts as
    in the metadata), `tensors` holds the file's tensors."""

    def __init__(self, path, tensors, values):
        self.path = path
        self.tensors = tensors
        self.values = values

    def __repr__(self):
        kinds = ", ".join(v.get("class", v["kind"]) if v["kind"] != "tensor" else "tensor" for v in self.values)
        return "Checkpoint(%r: %s)" % (self.path, kinds)

    def model(self, cls):
        """A new `cls` with the parameters of the first saved model of that
        class. ValueError if there is none (no model, or models of other
        classes) or it has other fields; ArgumentError naming the field when
        a field's shape or dtype isn't `cls`'s."""
        models = [(i, v) for i, v in enumerate(self.values) if v["kind"] == "model"]
        if not models:
            raise ValueError("%s holds no model" % self.path)
        index, entry = next(((i, v) for i, v in models if v["class"] == cls.__name__), (None, None))
        if entry is None:
            found = ", ".join(sorted({v["class"] for _, v in models}))
            raise ValueError("%s holds no %s: its models are of %s" % (self.path, cls.__name__, found))
        m = cls()
        have = _state(m)
        saved = entry["fields"]
        missing = [k for k in have if k not in saved]
        extra = [k for k in saved if k not in have]
        if missing or extra:
            parts = []
            if missing:
                parts.append("lacks %s" % ", ".join("`%s`" % k for k in missing))
            if extra:
                parts.append("has %s that %s doesn't" % (", ".join("`%s`" % k for k in extra), cls.__name__))
            raise ValueError("the %s in %s has other fields: it %s" % (cls.__name__, self.path, "; it ".join(parts)))

        def wrong(name, what, found, expected):
            return ArgumentError(
                "field `%s` of the %s in %s %s %s, but %s's is %s"
                % (name, cls.__name__, self.path, what, found, cls.__name__, expected),
                parameter=name,
                expected=expected,
                found=found,
            )

        stored = {name: self.tensors["%d/%s" % (index, name)] for name in have}
        for name, t in have.items():
            if stored[name].shape != t.shape:
                raise wrong(name, "has shape", list(stored[name].shape), list(t.shape))
            if stored[name].dtype != t.dtype:
                raise wrong(name, "holds", dtype_name(stored[name].dtype), dtype_name(t.dtype))
        with torch.no_grad():
            for name, t in have.items():
                t.copy_(stored[name])
        return m


def load(path):
    """Reads a file `save` wrote. `load(path) as M` (cast to a ModelSpec)
    makes the model; `load_optimizer` restores an optimizer's state."""
    from safetensors import safe_open

    path = os.fspath(path)
    tensors = {}
    with safe_open(path, framework="pt") as f:
        meta = (f.metadata() or {}).get("shapescript")
        for k in f.keys():
            tensors[k] = f.get_tensor(k)
    if meta is None:
        raise ValueError("%s wasn't written by shapescript's save (no \"shapescript\" metadata)" % path)
    values = read_values(path, meta)
    check_tensors(path, values, tensors)
    return Checkpoint(path, tensors, values)


def load_optimizer(checkpoint, opt):
    """Restores `opt` (its state, hyperparameters and update count) from the
    first optimizer in `checkpoint` of the same kind and model class; the
    run's training steps (what `log` numbers records by) go on from its
    count when they are fewer."""
    model_class = type(opt.model).__name__
    i = next(
        (
            i
            for i, v in enumerate(checkpoint.values)
            if v["kind"] == "optimizer" and v["class"] == opt.kind and v["model_class"] == model_class
        ),
        None,
    )
    if i is None:
        raise ValueError("%s holds no %s optimizer of a %s" % (checkpoint.path, opt.kind, model_class))
    v = checkpoint.values[i]
    names = [name for name, _ in opt.params]
    if names != v["fields"]:
        raise ValueError(
            "the optimizer in %s is over fields %s, this one over %s" % (checkpoint.path, v["fields"], names)
        )
    sd = opt.torch_optimizer.state_dict()
    state = {}
    prefix = "%d/" % i
    for index, name in enumerate(names):
        entry = dict(v["numbers"].get(name, {}))
        for key, t in checkpoint.tensors.items():
            if key.startswith(prefix + name + "/"):
                entry[key[len(prefix + name) + 1 :]] = t
        if entry:
            state[index] = entry
    groups = []
    # A different number of groups is for load_state_dict to report.
    for saved, current in zip(v["param_groups"], sd["param_groups"], strict=False):
        g = dict(current)
        for k, value in saved.items():
            if k not in g or k in RUN_KEYS:  # where it runs: the loading one's stays
                continue
            if isinstance(g[k], tuple):
                g[k] = tuple(value)
            elif g[k] is None or isinstance(g[k], (bool, int, float, str)):
                g[k] = value  # a hyperparameter; anything else was saved as its repr only
        groups.append(g)
    _load_in_place(opt.torch_optimizer, {"state": state, "param_groups": groups})
    opt.count = v["count"]
    count_resumed(opt)  # the run's training steps go on from the checkpoint's
    return opt


def _load_in_place(torch_optimizer, state_dict):
    """torch's load_state_dict, keeping each state tensor the optimizer had
    (its values the loaded ones): a recorded step's graph updates the
    tensors it was recorded with (recording.py), and would go on updating
    the old ones were they replaced."""
    had = {p: dict(s) for p, s in torch_optimizer.state.items()}
    torch_optimizer.load_state_dict(state_dict)
    for p, state in torch_optimizer.state.items():
        for k, loaded in state.items():
            old = had.get(p, {}).get(k)
            if (
                isinstance(old, torch.Tensor)
                and isinstance(loaded, torch.Tensor)
                and (old.shape, old.dtype, old.device) == (loaded.shape, loaded.dtype, loaded.device)
            ):
                with torch.no_grad():
                    old.copy_(loaded)
                state[k] = old
