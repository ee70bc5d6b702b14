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
counts, the run's training steps (training.count_update) and the modes'
step counts go up as the step's Python made them go up while it was
recorded. Elsewhere (the CPU, MPS, recording off, a
recording that failed) a step runs as it is.
"""

import copy
import functools
import os
import queue
import threading
import time
import warnings
import weakref

import torch

from . import announcements, training, workers
from .data import _Record
from .models import Model
from .modes import Train, draw_seed
from .step_arguments import copies, flatten, made, template, tensors
from .training import Optimizer

MAX_SIGNATURES = 64  # per step; further ones run as they are
_OFF = ("0", "false", "off", "no")


def _on_by_default():
    return os.environ.get("SHAPESCRIPT_RECORD_STEPS", "").strip().lower() not in _OFF


_switch = {"on": _on_by_default()}
# "module.name" -> the RecordedStep, for recorded_steps(): by the generated
# module too, so two files' `train_step`s are two entries.
_steps = {}


def record_steps(flag):
    """Turns recording on or off; returns what it was."""
    was = _switch["on"]
    _switch["on"] = bool(flag)
    return was


def enabled():
    """Whether steps are recorded now (record_steps)."""
    return _switch["on"]


def recorded_steps():
    """Per step by `module.name` (its generated module's name, as Python's
    qualified names are): its graphs and their shapes, how many calls
    replayed, ran as they are or waited for a recording, how long recording
    took, and why a step runs as it is where it does."""
    return {key: step.report() for key, step in sorted(_steps.items())}


# ---------------------------------------------------------------- the signature


def _key(value):
    """What of one argument changes what a recorded graph computes."""
    return flatten(value)[0]


def signature(args, kwargs):
    """The key of a call's graph: the shapes, dtypes and devices of the
    tensors it is given (batch fields and their pads included), which model
    and optimizer state, its host values (int, float, bool, str), and
    whether each mode is Train, Sample or Eval. Nothing else: not a tensor's
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


def _changed(args, kwargs):
    """The models and optimizers a call is given. A recording must not hold
    an optimizer's first update: torch makes its state there (zeros), and
    each replay would make it again. So each new one is warmed up first."""
    return [v for v in (*args, *kwargs.values()) if isinstance(v, (Model, Optimizer))]


def _on_cuda(args, kwargs):
    """Whether the call gives the step a tensor on CUDA, its models' parameters included."""
    values = (*args, *kwargs.values())
    params = [p for v in values if isinstance(v, Model) for p in v.parameters()]
    return any(t.is_cuda for t in tensors(values) + params)


def _argument(args, kwargs, place):
    return args[place] if isinstance(place, int) else kwargs[place]


def _recording_copies(args, kwargs):
    """The arguments a recording runs the step's Python with: each optimizer
    a copy with an update count of its own (sharing its torch optimizer),
    each Train mode a view on a root of its own, so what the step's Python
    counts while it is recorded moves nothing the running program reads,
    even while steps replay beside a recording in the background."""
    roots = {}

    def copied(value):
        if isinstance(value, Optimizer):
            return copy.copy(value)
        if isinstance(value, Train):
            root = roots.get(id(value.root))
            if root is None:
                root = roots[id(value.root)] = type(value.root)(value.root.seed)  # Train or Sample
                root._steps = value.root._steps
            view = root
            for site in value.path:
                view = view.at(site)
            return view
        return value

    return tuple(copied(a) for a in args), {k: copied(v) for k, v in kwargs.items()}


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

    def __init__(self, step, args, kwargs, stream=None):
        """Records `step` for the signature of `args` and `kwargs`; `stream`:
        on a stream of its own, beside steps that go on (recording ahead)."""
        self.shapes = [tuple(t.shape) for t in tensors((*args, *kwargs.values()))]
        places = tuple(enumerate(args)) + tuple(kwargs.items())
        self.optimizers = [p for p, v in places if isinstance(v, Optimizer)]
        roots = {}  # one place per Train root: each root counts its steps once
        for p, v in places:
            if isinstance(v, Train):
                roots.setdefault(id(v.root), p)
        self.modes = list(roots.values())
        for p in self.optimizers:
            o = _argument(args, kwargs, p)
            if not all(isinstance(g["lr"], torch.Tensor) for g in o.torch_optimizer.param_groups):
                # A number is part of the update's kernels: every replay would update at the recorded rate.
                raise RuntimeError("the %s optimizer's learning rate is a number, which a graph would freeze" % o.kind)
        while True:
            try:
                self._record(step, *_recording_copies(args, kwargs), stream)
                return
            except _MoreDraws as more:  # register as many generators as it draws, and record again
                step.draws = max(step.draws, more.args[0]) * 2

    def _record(self, step, args, kwargs, stream):
        self.args, self.kwargs = copies(args), copies(kwargs)
        self.inputs = tensors((self.args, self.kwargs))  # where each replay copies a call's tensors
        counts = {p: _argument(args, kwargs, p).count for p in self.optimizers}
        steps = {p: _argument(args, kwargs, p).root._steps for p in self.modes}
        generators = [torch.Generator(device="cuda") for _ in range(step.draws)]
        self.graph = torch.cuda.CUDAGraph()
        for g in generators:
            self.graph.register_generator_state(g)
        draws = _Draws(generators, self.args, self.kwargs)
        if stream is None:
            torch.cuda.synchronize()
            recording = torch.cuda.graph(self.graph)
        else:  # other threads' device work goes on meanwhile
            recording = torch.cuda.graph(self.graph, stream=stream, capture_error_mode="thread_local")
        _local.draws = draws
        try:
            with recording, training.updates_held() as updated:
                self.out = step.function(*self.args, **self.kwargs)
        finally:
            _local.draws = None
        # Recording ran the step's Python once, on copies of the optimizers
        # and modes: each replay moves the real ones as it moved those, and
        # counts their updates as the run's training steps, in its order.
        self.count_steps = {p: _argument(args, kwargs, p).count - counts[p] for p in self.optimizers}
        self.updates = [p for o in updated for p in self.optimizers if _argument(args, kwargs, p) is o]
        self.mode_steps = {p: _argument(args, kwargs, p).root._steps - steps[p] for p in self.modes}
        if any(n > 1 for n in self.count_steps.values()):
            raise RuntimeError("the step updates an optimizer more than once (one learning rate per replay)")
        self.draws = draws.noted

    def replay(self, args, kwargs):
        for static, given in zip(self.inputs, tensors((args, kwargs)), strict=True):
            static.copy_(given)
        for p in self.optimizers:
            o = _argument(args, kwargs, p)
            for group in o.torch_optimizer.param_groups:
                if isinstance(group["lr"], torch.Tensor):
                    group["lr"].fill_(o.schedule(o.count))
        reseed(self.draws, args, kwargs)
        self.graph.replay()
        self._moved(args, kwargs)
        return copies(self.out)  # copies, so the next replay can't change them

    def _moved(self, args, kwargs):
        """After a replay: the update and step counts as the step's Python moved them."""
        for p, n in self.count_steps.items():
            _argument(args, kwargs, p).count += n
        for p in self.updates:
            training.count_update(_argument(args, kwargs, p))
        for p, n in self.mode_steps.items():
            _argument(args, kwargs, p).root._steps += n


class _Recorder:
    """The thread that records ahead, one recording at a time, on a stream
    of its own (started with the first)."""

    def __init__(self):
        self.jobs = queue.Queue()
        self.thread = None
        self.lock = threading.Lock()

    def submit(self, job):
        if workers.workers() > 1:
            # NCCL takes collectives from one thread at a time: a worker
            # records in its own thread, after the step it answers, every
            # worker the same shapes in the same order (seed 000).
            job(None)
            return
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="shapescript-recorder", daemon=True)
                self.thread.start()
        self.jobs.put(job)

    def _run(self):
        stream = torch.cuda.Stream()
        try:
            _primed(stream)
        except Exception:  # noqa: BLE001, S110 - then a recording fails, and says why
            pass
        while True:
            job = self.jobs.get()
            try:
                job(stream)
            finally:
                self.jobs.task_done()


def _primed(stream):
    """Makes what this thread's first recording would otherwise make while
    capturing, which a capture doesn't allow: cuBLAS keeps a handle per
    thread, made at its first matrix product, and a workspace per stream.
    The step's warm-up made them for the calling thread only."""
    with torch.cuda.stream(stream):
        w = torch.ones(8, 8, device="cuda", requires_grad=True)
        torch.nn.functional.linear(w, w, w[0]).sum().backward()
    stream.synchronize()


_recorder = _Recorder()


class RecordedStep:
    """A step as the generated module calls it (docs/recording.md)."""

    def __init__(self, function, name, where):
        functools.update_wrapper(self, function)
        self.function, self.name, self.where = function, name, where
        self.graphs = {}
        self.pending = {}  # signature -> threading.Event, set when its recording ahead ends
        self.lock = threading.Lock()  # graphs and pending, shared with the recorder's thread
        # None before the first warm-up; then the models and optimizers warmed up
        # (weakly: a new one may have a freed one's id).
        self.warmed = None
        self.failed = None  # why recording stopped, once it failed
        self.unwarned = None  # a failure in the recorder's thread, warned of at the next call
        self.draws = 0  # generators each graph registers: the most draws seen
        self.replayed = self.ran = self.waited = self.ahead = 0
        self.recording_seconds = 0.0
        self.last_reason = None  # why the last call ran as it is
        self.template = (
            None  # the arguments of the last call that didn't replay, as shapes: what recording ahead makes inputs of
        )
        self.announced = {}  # record spec -> batch sizes announced for it
        _steps["%s.%s" % (getattr(function, "__module__", None) or "?", name)] = self

    def __call__(self, *args, **kwargs):
        if self.unwarned:
            message, self.unwarned = self.unwarned, None
            warnings.warn(message, RuntimeWarning, stacklevel=2)
        reason = self._why_as_it_is(args, kwargs)
        if reason:
            return self._as_it_is(reason, args, kwargs)
        key = signature(args, kwargs)
        with self.lock:
            graph, pending = self.graphs.get(key), self.pending.get(key)
        if graph is None and pending is not None:  # being recorded ahead: wait for it, then replay
            self._wait(pending)
            graph = self.graphs.get(key)
        if graph is None:
            # Not on replays: a call that warms up or records is what recording ahead makes inputs like.
            self.template = (template(args), template(kwargs))
            # It runs as it is or records here: not beside a recording ahead, which it could spoil.
            self._wait_for_recordings()
            reason = self._why_as_it_is(args, kwargs)
            if reason:
                return self._as_it_is(reason, args, kwargs)
            if not self._warm(args, kwargs):
                out = self._warm_up(args, kwargs)
                self._record_ahead()
                return out
            if len(self.graphs) >= MAX_SIGNATURES:
                return self._as_it_is("more than %d signatures" % MAX_SIGNATURES, args, kwargs)
            graph = self._recorded(key, args, kwargs)
            if graph is None:
                return self._as_it_is(self.failed, args, kwargs)
        self.replayed += 1
        return graph.replay(args, kwargs)

    def _recorded(self, key, args, kwargs, stream=None):
        """The graph of `key`, recorded now; None, with the step marked
        failed, when it can't be."""
        start = time.perf_counter()
        try:
            graph = _Graph(self, args, kwargs, stream)
        except Exception as e:  # noqa: BLE001 - whatever kept it from recording, the step still runs
            self.failed = "%s: %s" % (type(e).__name__, e)
            message = "%s (%s) couldn't be recorded as a CUDA graph, so it runs operation by operation from now on: %s"
            message %= (self.name, self.where, self.failed)
            if stream is None:
                warnings.warn(message, RuntimeWarning, stacklevel=3)
            else:
                self.unwarned = message
            return None
        finally:
            self.recording_seconds += time.perf_counter() - start
        with self.lock:
            self.graphs[key] = graph
        return graph

    def _wait(self, event):
        self.waited += 1
        event.wait()

    def _wait_for_recordings(self):
        with self.lock:
            pending = list(self.pending.values())
        for event in pending:
            self._wait(event)

    # ---- recording ahead

    def announce(self, spec, sizes):
        """A loop over batches of `spec` starts (announcements.py): record a
        graph for each of its batch sizes this step hasn't one of, in the
        recorder's thread, once the step has run once."""
        self.announced.setdefault(spec, set()).update(sizes)
        self._record_ahead()

    def _record_ahead(self):
        if self.template is None or self.failed or not _switch["on"]:
            return
        args, kwargs = self.template
        if not self._warm(args, kwargs):
            return  # its warm-up comes first, and records ahead after it
        split = any(getattr(t, "_ss_part", None) is not None for t in tensors((args, kwargs)))
        for spec, sizes in self.announced.items():
            old = next((len(a) for a in (*args, *kwargs.values()) if isinstance(a, _Record) and a.spec is spec), None)
            if old is None:
                continue
            for whole in sorted(sizes):
                # On several workers, each records its own part of each
                # announced batch: one graph per size on every worker, in
                # the same order, so their collectives pair up.
                new, part = workers.my_part(whole) if split else (whole, None)
                made_args, made_kwargs = made(args, spec, old, new, part), made(kwargs, spec, old, new, part)
                key = signature(made_args, made_kwargs)
                with self.lock:
                    if key in self.graphs or key in self.pending:
                        continue
                    if len(self.graphs) + len(self.pending) >= MAX_SIGNATURES:
                        return
                    done = self.pending[key] = threading.Event()
                _recorder.submit(functools.partial(self._record_in_background, key, made_args, made_kwargs, done))

    def _record_in_background(self, key, args, kwargs, done, stream):
        try:
            if not self.failed and self._recorded(key, args, kwargs, stream) is not None:
                self.ahead += 1
        finally:
            with self.lock:
                self.pending.pop(key, None)
            done.set()

    # ----

    def _warm(self, args, kwargs):
        return self.warmed is not None and all(v in self.warmed for v in _changed(args, kwargs))

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
        if self.warmed is None:
            self.warmed = weakref.WeakSet()
        self.warmed.update(_changed(args, kwargs))
        self.draws = max(self.draws, draws.count)
        self.ran += 1
        self.last_reason = "the warm-up before recording"
        return out

    def report(self):
        with self.lock:
            graphs = list(self.graphs.values())
        return {
            "graphs": len(graphs),
            "shapes": [g.shapes for g in graphs],
            "recorded ahead": self.ahead,
            "replayed": self.replayed,
            "ran as it is": self.ran,
            "waited for a recording": self.waited,
            "recording seconds": self.recording_seconds,
            "runs as it is because": self.last_reason if not graphs or self.failed else None,
        }


def _announced(spec, sizes):
    for step in list(_steps.values()):
        step.announce(spec, sizes)


announcements.listen(_announced)


def recorded(function, name, where):
    """What a recordable step is in the generated module."""
    return RecordedStep(function, name, where)
