"""A Python call of a program loaded for several workers
(`shapescript.load(path, devices="cpu*3")`, docs/devices.md "From Python"):
each call of one of its functions runs on the workers, as `shapescript run`
runs `main`, and comes back with the first worker's result and what the
call changed in its arguments (the models and optimizers a `mut`
parameter changes, a Train mode's count of steps).

This is the controller's side; worker_main.py is the workers' (`python -m
shapescript.worker_main JOB`). A call's arguments and results
cross in files of the job's temporary folder, pickled by torch.save: a
program's models are found by its module's name, which the workers load
it under too."""

import json
import os
import sys
import tempfile

import torch

from . import launch, padding, recording
from .errors import ShapeScriptError
from .models import Model
from .modes import Train
from .training import Optimizer


class WorkerCallError(ShapeScriptError):
    """A call on the workers failed: the first failing worker's error was
    printed above, and its line names it."""


def on_workers(module, options, count):
    """Makes each of the program's functions, called from Python, run on
    `count` workers. `options`: how the module was built (load's
    arguments)."""
    for key in list(vars(module)):
        if key.startswith("_ss_sig_") and callable(getattr(module, key[len("_ss_sig_") :], None)):
            name = key[len("_ss_sig_") :]
            setattr(module, name, _dispatching(module, name, getattr(module, name), options, count))


def _dispatching(module, name, local, options, count):
    def run_on_workers(*args, **kwargs):
        return call(module, name, options, count, args, kwargs)

    run_on_workers.__name__ = local.__name__
    run_on_workers.__qualname__ = local.__qualname__
    run_on_workers.__doc__ = local.__doc__
    run_on_workers.__wrapped__ = local
    return run_on_workers


def call(module, name, options, count, args, kwargs):
    """`module.name(*args, **kwargs)` on the workers; its result."""
    with tempfile.TemporaryDirectory(prefix="shapescript-call-") as job:
        header = dict(options, module=module.__name__, fn=name)
        header["sys_path"] = list(sys.path)  # where the program's `import python` modules are found
        header["fixed_shapes"] = padding.enabled()
        header["record_steps"] = recording.enabled()
        with open(os.path.join(job, "call.json"), "w", encoding="utf-8") as f:
            json.dump(header, f)
        try:
            torch.save((args, kwargs), os.path.join(job, "arguments.pt"))
        except Exception as e:  # noqa: BLE001 - what can't cross, said in our words
            raise WorkerCallError(
                "%s(): its arguments can't be sent to the workers (%s: %s); models cross when their "
                "program is loaded under its own module name" % (name, type(e).__name__, e)
            ) from None
        rc = launch.run_workers([job], count, module="shapescript.worker_main")
        if rc == 130:
            raise KeyboardInterrupt
        if rc != 0:
            raise WorkerCallError("%s() failed on the workers (exit status %d): their error is above" % (name, rc))
        result, args_after, kwargs_after = torch.load(os.path.join(job, "result.pt"), weights_only=False)
    for before, after in zip(args, args_after, strict=True):
        _bring_back(before, after)
    for key, before in kwargs.items():
        _bring_back(before, kwargs_after[key])
    return result


def _bring_back(before, after):
    """What a call changed in an argument, into the caller's own object."""
    if isinstance(before, Model) and isinstance(after, Model):
        with torch.no_grad():
            before.load_state_dict(after.state_dict())
    elif isinstance(before, Optimizer) and isinstance(after, Optimizer):
        before.torch_optimizer.load_state_dict(after.torch_optimizer.state_dict())
        before.count = after.count
    elif isinstance(before, Train) and isinstance(after, Train):
        before.root._steps = after.root._steps
