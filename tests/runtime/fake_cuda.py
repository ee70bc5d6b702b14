"""A stand-in for torch.cuda's graphs on the CPU, so that what a recorded
step does on the host (recording.py) runs here: the warm-up, one graph per
signature, and each replay's inputs, learning rates, seeds and counts.

It emulates a CUDA graph as the recording relies on one behaving:
- recording runs the step's Python once and does none of its device work
  (here: the step runs, and the model's and optimizer's tensors are put
  back after), with the update seeing a recording (training._capturing);
- a replay does the recorded device work again on the graph's own input
  tensors, reading the generators registered with the graph in the order
  the step drew from them and the optimizer's learning-rate tensor as it is
  then, and none of the step's Python (here: the step runs again, its
  updates held from the run's training steps as a recording's are, and
  the update and step counts it moves are put back), writing into the
  tensors recording returned.

What it can't show is whether CUDA does so: tests/runtime/test_recording.py
checks that on a GPU.
"""

import contextlib
import copy
import threading

import torch

from shapescript import recording, step_arguments, training
from shapescript.modes import Train
from shapescript.training import Optimizer


class _Stream:
    def wait_stream(self, other):
        pass


class _Replaying:
    """The registered generators, handed out in the order of the step's draws."""

    def __init__(self, generators):
        self.generators = list(generators)
        self.count = 0

    def generator(self, device, mode):
        self.count += 1
        return self.generators[self.count - 1]


class FakeCuda:
    """Installs the stand-in (with pytest's monkeypatch) for a model and its
    optimizer (more with `also`): what recording must leave as it was."""

    def __init__(self, monkeypatch, model, optimizer):
        self.trained = []  # (model, optimizer): what a recording puts back
        self.capturing = None  # the graph being recorded
        self._capturing_flag = False
        # A recording here runs the step and puts its tensors back: one at a
        # time, and never beside a replay (the recorder's thread records ahead).
        self._exclusive = threading.RLock()
        harness = self

        class Graph:
            def __init__(self):
                self.generators, self.call, self.out = [], None, None

            def register_generator_state(self, generator):
                self.generators.append(generator)

            def replay(self):
                harness._replay(self)

        fake = type(
            "cuda",
            (),
            {
                "is_available": staticmethod(lambda: True),
                "Stream": _Stream,
                "stream": staticmethod(lambda s: contextlib.nullcontext()),
                "current_stream": staticmethod(_Stream),
                "synchronize": staticmethod(lambda: None),
                "CUDAGraph": Graph,
                "graph": staticmethod(self._capture),
            },
        )

        class Torch:
            """recording.py's `torch`: the real one, but its cuda and its CUDA generators."""

            cuda = fake

            @staticmethod
            def Generator(device="cpu"):  # noqa: N802 - torch's name
                return torch.Generator()

            def __getattr__(self, name):
                return getattr(torch, name)

        monkeypatch.setattr(recording, "torch", Torch())
        monkeypatch.setattr(recording, "_on_cuda", lambda args, kwargs: True)
        monkeypatch.setattr(recording, "_primed", lambda stream: None)  # cuBLAS's part: nothing here
        monkeypatch.setattr(training, "_capturing", lambda tensor: self._capturing_flag)
        self.also(model, optimizer)

    def also(self, model, optimizer):
        """Another model and its optimizer, trained by the step."""
        self.trained.append((model, optimizer))
        # As on CUDA: the update reads its learning rate from a tensor.
        for group in optimizer.torch_optimizer.param_groups:
            group["lr"] = torch.tensor(float(group["lr"]))

    def capturable(self, function):
        """The step's function, which a recording registers with its graph."""

        def call(*args, **kwargs):
            out = function(*args, **kwargs)
            if self.capturing is not None:
                self.capturing.call = lambda: function(*args, **kwargs)
                self.capturing.out = out
            return out

        call.__name__ = getattr(function, "__name__", "step")
        return call

    @contextlib.contextmanager
    def _capture(self, graph, stream=None, capture_error_mode="global"):
        with self._exclusive:
            with self._captured(graph):
                yield

    @contextlib.contextmanager
    def _captured(self, graph):
        params = [[p.detach().clone() for p in m.parameters()] for m, _ in self.trained]
        states = [copy.deepcopy(o.torch_optimizer.state_dict()) for _, o in self.trained]
        had = [len(o.torch_optimizer.state) for _, o in self.trained]
        self.capturing, self._capturing_flag = graph, True
        try:
            yield
            # On CUDA, state an update makes while recorded is made again by each replay.
            if [len(o.torch_optimizer.state) for _, o in self.trained] != had:
                raise RuntimeError("stand-in: the recording made an optimizer's state")
        finally:
            self.capturing, self._capturing_flag = None, False
            with torch.no_grad():
                for (m, o), saved, state in zip(self.trained, params, states, strict=True):
                    for p, p0 in zip(m.parameters(), saved, strict=True):
                        p.copy_(p0)
                    o.torch_optimizer.load_state_dict(state)

    def _replay(self, graph):
        with self._exclusive:
            self._replayed(graph)

    def _replayed(self, graph):
        counts = [(o, o.count) for o in _all(graph, Optimizer)]
        steps = [(m.root, m.root._steps) for m in _all(graph, Train)]
        self._capturing_flag = True
        was = getattr(recording._local, "draws", None)
        recording._local.draws = _Replaying(graph.generators)
        try:
            with training.updates_held():  # the replay counts its updates (recording.py), not the step's Python
                out = graph.call()
        finally:
            recording._local.draws = was
            self._capturing_flag = False
            for o, n in counts:
                o.count = n
            for root, n in steps:
                root._steps = n
        step_arguments.copy_into(graph.out, out)


def _all(graph, kind):
    """The values of `kind` among the arguments the graph's step was recorded with."""
    cells = graph.call.__closure__ or ()
    found = []
    for cell in cells:
        value = cell.cell_contents
        for v in value if isinstance(value, tuple) else value.values() if isinstance(value, dict) else ():
            if isinstance(v, kind):
                found.append(v)
    return found
