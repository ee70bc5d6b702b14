"""Recorded steps (docs/recording.md): a step the recording analysis found
recordable is `train_step = _ss_rt.recorded(train_step, "train_step",
where)` in the generated module. On CUDA its first call runs as it is on a
side stream (the warm-up: the optimizer makes its state, cuBLAS its
workspace); a call with a new signature records the whole step (forward,
backward, the update) as one CUDA graph; later calls copy their tensors
into the graph's inputs, replay it and return copies of its results.

Around each replay, on the host, what the Python of the step would have
done: the learning rate of each optimizer's schedule is written into the
tensor its update reads, each dropout draw's generator is seeded with the
seed the draw would have had (modes.draw_seed), and after it the update
counts and the modes' step counts go up as the step's Python made them go
up while it was recorded. Elsewhere (the CPU, MPS, recording off, a
recording that failed) a step runs as it is.
"""

import functools
import os
import threading
import time
import warnings

import torch

from .data import _Record
from .models import Model
from .modes import Train, draw_seed
from .training import Optimizer

MAX_SIGNATURES = 64  # per step; further ones run as they are
_OFF = ("0", "false", "off", "no")


def _on_by_default():
    return os.environ.get("SHAPESCRIPT_RECORD_STEPS", "").strip().lower() not in _OFF


_switch = {"on": _on_by_default()}
_steps = {}  # name -> the RecordedStep, for recorded_steps()


def record_steps(flag):
    """Turns recording on or off; returns what it was."""
    was = _switch["on"]
    _switch["on"] = bool(flag)
    return was


def recorded_steps():
    """Per step by name: its graphs and their shapes, how many calls
    replayed, ran as they are or waited for a recording, how long recording
    took, and why a step runs as it is where it does."""
    return {name: step.report() for name, step in sorted(_steps.items())}


# ---------------------------------------------------------------- the signature


def _key(value):
    """What of one argument changes what a recorded graph computes."""
    if isinstance(value, torch.Tensor):
        return ("tensor", tuple(value.shape), value.dtype, value.device)
    if isinstance(value, _Record):  # a batch or an example: its fields, and a batch's pads
        fields = tuple((name, _key(v)) for name, v in value.fields.items())
        return (type(value).__name__, fields, _key(getattr(value, "pad_mask", None)))
    if isinstance(value, Model):
        tensors = tuple((n, _key(t)) for n, t in list(value.named_parameters()) + list(value.named_buffers()))
        return ("model", id(value), tensors)
    if isinstance(value, Optimizer):
        return ("optimizer", id(value), id(value.model))
    if isinstance(value, Train):
        return ("mode", "Train")
    if value is None or type(value) in (bool, int, float, str):
        return ("host", type(value).__name__, value)
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(_key(v) for v in value))
    if isinstance(value, dict):  # the masks a padded caller passes (`_ss_pad={1: mask}`)
        return ("dict", tuple(sorted((repr(k), _key(v)) for k, v in value.items())))
    if type(value).__name__ == "_Eval":
        return ("mode", "Eval")
    return ("object", type(value).__qualname__, id(value))


def signature(args, kwargs):
    """The key of a call's graph: the shapes, dtypes and devices of the
    tensors it is given (batch fields and their pads included), which model
    and optimizer state, its host values (int, float, bool, str), and
    whether each mode is Train or Eval. Nothing else: not a tensor's
    values, not a mode's seed or step count (a replay reads its draws'
    seeds from generators seeded before it)."""
    return (tuple(_key(a) for a in args), tuple(sorted((k, _key(v)) for k, v in kwargs.items())))


# ---------------------------------------------------------------- inside a recording

_local = threading.local()


class _Draws:
    """The dropout draws of one call of a step, in order: while it warms up
    they are counted; while it is recorded each gets a generator of its own
    that the graph reads its seed and offset from, and is noted as (its
    generator, the step's argument its mode comes from, the path below it)."""

    def __init__(self, generators=None, args=(), kwargs=None):
        self.count = 0
        self.generators = generators  # None: counting (the warm-up)
        self.places = tuple(enumerate(args)) + tuple((kwargs or {}).items())
        self.noted = []

    def generator(self, device, mode):
        self.count += 1
        if self.generators is None:
            return None
        if self.count > len(self.generators):
            raise _MoreDraws(self.count)
        for place, value in self.places:
            if isinstance(value, Train) and value.root is mode.root and mode.path[: len(value.path)] == value.path:
                self.noted.append((self.generators[self.count - 1], place, mode.path[len(value.path) :]))
                return self.generators[self.count - 1]
        raise RuntimeError("a dropout draw whose mode isn't one of the step's arguments")


class _MoreDraws(Exception):
    """The step drew more often than the generators registered for its graph."""


def draw_generator(device, mode):
    """The generator a dropout draw at `mode` uses inside a recorded step
    (ops.dropout), or None: then it makes and seeds its own."""
    draws = getattr(_local, "draws", None)
    return draws.generator(device, mode) if draws is not None else None


# ---------------------------------------------------------------- a recorded step


def _tensors(value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, _Record):
        for v in value.fields.values():
            yield from _tensors(v)
    elif isinstance(value, Model):
        yield from value.parameters()
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _tensors(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _tensors(v)


def _on_cuda(args, kwargs):
    return any(t.is_cuda for v in (*args, *kwargs.values()) for t in _tensors(v))


def _static(value):
    """A graph's own copy of an argument: its tensors cloned, in place for
    every replay; models, optimizers, modes and host values as they are."""
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, _Record):
        copy = type(value).__new__(type(value))
        copy.fields = {k: _static(v) for k, v in value.fields.items()}
        copy.spec = value.spec
        if hasattr(type(value), "pad_mask"):
            copy.pad_mask = _static(value.pad_mask)
        return copy
    if isinstance(value, (tuple, list)):
        return type(value)(_static(v) for v in value)
    if isinstance(value, dict):
        return {k: _static(v) for k, v in value.items()}
    return value


def _copy_into(static, given):
    if isinstance(static, torch.Tensor):
        static.copy_(given)
    elif isinstance(static, _Record):
        for k, v in static.fields.items():
            _copy_into(v, given.fields[k])
        if getattr(static, "pad_mask", None) is not None:
            _copy_into(static.pad_mask, given.pad_mask)
    elif isinstance(static, (tuple, list)):
        for s, g in zip(static, given, strict=True):
            _copy_into(s, g)
    elif isinstance(static, dict):
        for k, v in static.items():
            _copy_into(v, given[k])


def _copied_out(value):
    """What a replay returns: copies, so the next replay can't change them."""
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, (tuple, list)):
        return type(value)(_copied_out(v) for v in value)
    return value


def _argument(args, kwargs, place):
    return args[place] if isinstance(place, int) else kwargs[place]


def reseed(draws, args, kwargs):
    """Before a replay: each draw's generator seeded with the seed the draw
    would have now without recording, from the mode the call passes at the
    draw's place and the path below it (modes.draw_seed)."""
    for generator, place, below in draws:
        mode = _argument(args, kwargs, place)
        for site in below:
            mode = mode.at(site)
        generator.manual_seed(draw_seed(mode))


class _Graph:
    """One signature's CUDA graph, its inputs and results, and what its
    replays do on the host."""

    def __init__(self, step, args, kwargs):
        self.shapes = [
            tuple(t.shape) for v in (*args, *kwargs.values()) for t in _tensors(v) if not isinstance(v, Model)
        ]
        places = tuple(enumerate(args)) + tuple(kwargs.items())
        self.optimizers = [p for p, v in places if isinstance(v, Optimizer)]
        self.modes = [p for p, v in places if isinstance(v, Train)]
        while True:
            try:
                self._record(step, args, kwargs, places)
                return
            except _MoreDraws as more:  # register as many generators as it draws, and record again
                step.draws = max(step.draws, more.args[0]) * 2

    def _record(self, step, args, kwargs, places):
        self.args, self.kwargs = _static(args), _static(kwargs)
        counts = {p: _argument(args, kwargs, p).count for p in self.optimizers}
        steps = {p: _argument(args, kwargs, p).root._steps for p in self.modes}
        generators = [torch.Generator(device="cuda") for _ in range(step.draws)]
        self.graph = torch.cuda.CUDAGraph()
        for g in generators:
            self.graph.register_generator_state(g)
        draws = _Draws(generators, self.args, self.kwargs)
        torch.cuda.synchronize()
        _local.draws = draws
        try:
            with torch.cuda.graph(self.graph):
                self.out = step.function(*self.args, **self.kwargs)
        finally:
            _local.draws = None
            # Recording ran the step's Python once without its device work:
            # its host counts go back, and each replay moves them as it did.
            self.count_steps = {}
            for p in self.optimizers:
                o = _argument(args, kwargs, p)
                self.count_steps[p], o.count = o.count - counts[p], counts[p]
            self.mode_steps = {}
            for p in self.modes:
                root = _argument(args, kwargs, p).root
                self.mode_steps[p], root._steps = root._steps - steps[p], steps[p]
        if any(n > 1 for n in self.count_steps.values()):
            raise RuntimeError("the step updates an optimizer more than once (one learning rate per replay)")
        self.draws = draws.noted

    def replay(self, args, kwargs):
        _copy_into(self.args, args)
        _copy_into(self.kwargs, kwargs)
        for p in self.optimizers:
            o = _argument(args, kwargs, p)
            for group in o.torch_optimizer.param_groups:
                if isinstance(group["lr"], torch.Tensor):
                    group["lr"].fill_(o.schedule(o.count))
        reseed(self.draws, args, kwargs)
        self.graph.replay()
        self._moved(args, kwargs)
        return _copied_out(self.out)

    def _moved(self, args, kwargs):
        """After a replay: the update and step counts as the step's Python moved them."""
        for p, n in self.count_steps.items():
            _argument(args, kwargs, p).count += n
        for p, n in self.mode_steps.items():
            _argument(args, kwargs, p).root._steps += n


class RecordedStep:
    """A step as the generated module calls it (docs/recording.md)."""

    def __init__(self, function, name, where):
        functools.update_wrapper(self, function)
        self.function, self.name, self.where = function, name, where
        self.graphs = {}
        self.warmed = False
        self.failed = None  # why recording stopped, once it failed
        self.draws = 0  # generators each graph registers: the most draws seen
        self.replayed = self.ran = self.waited = 0
        self.recording_seconds = 0.0
        self.last_reason = None  # why the last call ran as it is
        _steps[name] = self

    def __call__(self, *args, **kwargs):
        reason = self._why_as_it_is(args, kwargs)
        if reason:
            return self._as_it_is(reason, args, kwargs)
        key = signature(args, kwargs)
        graph = self.graphs.get(key)
        if graph is None:
            if not self.warmed:
                return self._warm_up(args, kwargs)
            if len(self.graphs) >= MAX_SIGNATURES:
                return self._as_it_is("more than %d signatures" % MAX_SIGNATURES, args, kwargs)
            start = time.perf_counter()
            try:
                graph = _Graph(self, args, kwargs)
            except Exception as e:  # noqa: BLE001 - whatever kept it from recording, the step still runs
                self.failed = "%s: %s" % (type(e).__name__, e)
                warnings.warn(
                    "%s (%s) couldn't be recorded as a CUDA graph, so it runs operation by operation from now "
                    "on: %s" % (self.name, self.where, self.failed),
                    RuntimeWarning,
                    stacklevel=2,
                )
                return self._as_it_is(self.failed, args, kwargs)
            finally:
                self.recording_seconds += time.perf_counter() - start
            self.graphs[key] = graph
        self.replayed += 1
        return graph.replay(args, kwargs)

    def _why_as_it_is(self, args, kwargs):
        if not _switch["on"]:
            return "recording is off (shapescript.record_steps(False))"
        if self.failed:
            return "recording failed: " + self.failed
        if not torch.cuda.is_available() or not _on_cuda(args, kwargs):
            return "not on CUDA: steps run as they are on the CPU, MPS and CPU workers"
        return None

    def _as_it_is(self, reason, args, kwargs):
        self.ran += 1
        self.last_reason = reason
        return self.function(*args, **kwargs)

    def _warm_up(self, args, kwargs):
        """The first call, on a side stream: what a recording needs made
        (optimizer state, cuBLAS's workspace) is made here, and its draws
        counted."""
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        draws = _Draws()
        _local.draws = draws
        try:
            with torch.cuda.stream(side):
                out = self.function(*args, **kwargs)
        finally:
            _local.draws = None
        torch.cuda.current_stream().wait_stream(side)
        self.warmed = True
        self.draws = max(self.draws, draws.count)
        self.ran += 1
        self.last_reason = "the warm-up before recording"
        return out

    def report(self):
        return {
            "graphs": len(self.graphs),
            "shapes": [g.shapes for g in self.graphs.values()],
            "replayed": self.replayed,
            "ran as it is": self.ran,
            "waited for a recording": self.waited,
            "recording seconds": self.recording_seconds,
            "runs as it is because": self.last_reason if not self.graphs or self.failed else None,
        }


def recorded(function, name, where):
    """What a recordable step is in the generated module."""
    return RecordedStep(function, name, where)
