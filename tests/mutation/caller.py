"""The worker of the mutation test: one Python process that imports many
generated modules and calls each function of each on arguments made from
its signature (arguments.py), catching every call's exception.

Reads one JSON object per line on standard input, {"id": k, "path": P,
"seed": s}; writes on the file descriptor given as argv[1] one JSON line
{"id": k, "started": true} before it imports a module (so the parent knows
which one hung, should one), then {"id": k, "import": ..., "calls": [...]}.
The functions' own output (print, log) goes to /dev/null, the batch loops'
progress to standard error, which the parent keeps in a file."""

import importlib.util
import json
import math
import os
import random
import resource
import signal
import sys
import traceback
import warnings

import torch

import shapescript.models
import shapescript.rt as rt
from arguments import MAX_ELEMENTS, NoArguments, arguments

CALL_SECONDS = float(os.environ.get("SS_MUTATION_CALL_SECONDS", "5"))
MEMORY_BYTES = 6 << 30  # address space: a runaway allocation fails here, not in the OOM killer


class CallTimeout(BaseException):
    """A call ran past CALL_SECONDS. A BaseException, so nothing it runs
    can catch it as an Exception."""


def _on_alarm(signum, frame):
    raise CallTimeout()


def _limit_model_fields():
    """A mutated dim can make a model field of any size: refuse large ones
    before they are allocated."""
    for name in ("normal", "uniform", "zeros", "ones", "constant"):
        original = getattr(shapescript.models.Initializer, name)

        def guarded(self, field, shape, *rest, _original=original, **kw):
            if math.prod(shape) > MAX_ELEMENTS:
                raise NoArguments("model field `%s` of shape %s is too large" % (field, list(shape)))
            return _original(self, field, shape, *rest, **kw)

        setattr(shapescript.models.Initializer, name, guarded)


def _where(exc, module_file):
    """The innermost frame of the generated module, and the innermost frame
    of all, as 'file:line: code'."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if f.filename == module_file]
    show = lambda f: "%s:%s: %s" % (os.path.basename(f.filename), f.lineno, (f.line or "").strip())  # noqa: E731
    return {
        "module_line": show(ours[-1]) if ours else None,
        "innermost": show(frames[-1]) if frames else None,
    }


def _exception(exc, module_file):
    kind = type(exc)
    name = kind.__name__ if kind.__module__ == "builtins" else "%s.%s" % (kind.__module__, kind.__qualname__)
    out = {"type": name, "message": str(exc)[:800]}
    out.update(_where(exc, module_file))
    return out


def _outcome(exc):
    if isinstance(exc, rt.ArgumentError):
        return "argument_error"
    if isinstance(exc, CallTimeout):
        return "timeout"
    if isinstance(exc, NoArguments):
        return "skipped"
    if isinstance(exc, MemoryError) or (isinstance(exc, RuntimeError) and "can't allocate memory" in str(exc)):
        return "memory"
    return "error"


def runs_here(module):
    """Whether the device the module's program runs on (its `devices` line)
    is on this machine: arguments are made on the CPU, so a program for
    `cuda:0` is called only where it may run, with the CPU as its device."""
    device = getattr(module, "_ss_device", None)
    return device is None or torch.device(device).type == "cpu"


def functions(module):
    """(Python name, Signature) of each function of a generated module, none
    for a program that runs on another device than the CPU. An extern fn is
    left out: its name is its target (torch's own function, called as torch
    says), and the functions that call it test what the compiler writes."""
    if not runs_here(module):
        return
    for name, value in sorted(vars(module).items()):
        if name.startswith("_ss_sig_") and isinstance(value, rt.Signature) and not value.extern:
            yield name[len("_ss_sig_") :], value


def load(job):
    """The generated module at job["path"], imported (its top level under
    the call timeout too)."""
    name = "_ss_mutant_%d" % job["id"]
    spec = importlib.util.spec_from_file_location(name, job["path"])
    module = importlib.util.module_from_spec(spec)
    signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
    try:
        spec.loader.exec_module(module)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return module


def call(fn, signature, rng):
    """One call on arguments made from `signature`: its outcome, and what it raised."""
    torch.manual_seed(0)
    signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
    try:
        fn(*arguments(signature, rng))
        return "ok", None
    except BaseException as exc:  # noqa: B036 (every outcome of the call is sorted)
        signal.setitimer(signal.ITIMER_REAL, 0)
        return _outcome(exc), exc
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def run_module(job):
    path = job["path"]
    result = {"id": job["id"], "calls": []}
    try:
        module = load(job)
    except BaseException as exc:  # noqa: B036 (a timeout too; the module is what is tested)
        result["import"] = _exception(exc, path)
        result["import"]["outcome"] = _outcome(exc)
        return result
    rng = random.Random("%d:%d" % (job["seed"], job["id"]))
    for python_name, signature in functions(module):
        record = {"function": python_name}
        fn = getattr(module, python_name, None)
        if not callable(fn):
            record.update(outcome="error", type="missing", message="no function %s for %s" % (python_name, signature))
        else:
            outcome, exc = call(fn, signature, rng)
            record["outcome"] = outcome
            if exc is not None:
                record.update(_exception(exc, path))
        result["calls"].append(record)
    return result


def _warm_up():
    """Runs once what torch imports lazily (an optimizer's first step
    imports sympy, seconds long), so no call's timeout lands inside an
    import and leaves a module half made."""
    p = torch.nn.Parameter(torch.zeros(2))
    for opt in (torch.optim.AdamW([p], lr=0.1), torch.optim.SGD([p], lr=0.1)):
        p.sum().backward()
        opt.step()


def main():
    out = os.fdopen(int(sys.argv[1]), "w", buffering=1)
    devnull = open(os.devnull, "w")  # noqa: SIM115 (for the whole process)
    os.dup2(devnull.fileno(), 1)
    sys.stdout = devnull
    warnings.simplefilter("ignore")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or hard > MEMORY_BYTES:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, hard))
    torch.set_num_threads(1)
    signal.signal(signal.SIGALRM, _on_alarm)
    _limit_model_fields()
    _warm_up()
    for line in sys.stdin:
        job = json.loads(line)
        out.write(json.dumps({"id": job["id"], "started": True}) + "\n")
        out.write(json.dumps(run_module(job)) + "\n")


if __name__ == "__main__":
    main()
