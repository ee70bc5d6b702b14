"""Runs a function of a .ss file from the command line:

    python -m shapescript.runner FILE [--fn NAME] [--log-dir DIR]
        [--sinks terminal,jsonl,csv,tensorboard,plot]
        [--checks LEVEL] [--value-checks LEVEL] [--devices LIST] [--path DIR] [ARGS...]

ARGS are the function's arguments, positional or `--name value` (or
`--name=value`), converted to the parameter's type (from its ShapeScript
type, else its default's). `--` ends the runner's own options. `--path DIR`
(any number) is a folder searched for the .ss files the program imports
after its own (docs/modules.md), as `shapescript build --path` is.
Exit status: 0 when the function returned, 1 when the file doesn't compile
or the function raised, 2 for a bad command line.

With several workers (`devices cpu*3`, a list of GPUs, or --devices), this
process is the controller: it checks the command line, then runs the
runner again as each worker (launch.py). A runner started with
torch.distributed's variables set (by the controller or by torchrun) is a
worker: it joins their world before it loads the program (docs/devices.md).
"""

import inspect
import os
import sys
from pathlib import Path

from . import compiler, devices, files, launch, sinks, tracebacks, workers
from .errors import ShapeScriptError
from .specs import ScalarSpec

USAGE = (
    "usage: python -m shapescript.runner FILE [--fn NAME] [--log-dir DIR] "
    "[--sinks terminal,jsonl,csv,tensorboard,plot] [--checks LEVEL] [--value-checks LEVEL] [--devices LIST] "
    "[--path DIR] [ARGS...]"
)
_OPTIONS = ("--fn", "--log-dir", "--sinks", "--checks", "--value-checks", "--devices", "--path")
SINK_NAMES = ("terminal", "jsonl", "csv", "tensorboard", "plot")


class UsageError(Exception):
    pass


def _program_folders_last(argv):
    """The working folder and the program's, on sys.path after the installed
    packages: the program's helper modules import (`import python helpers`),
    but a module built beside it (`torch.py` from `torch.ss`) never shadows
    a package it imports. `shapescript run` starts Python with
    PYTHONSAFEPATH, so the working folder isn't first already."""
    folders = [os.getcwd()]
    if argv and not argv[0].startswith("-"):
        folders.append(os.path.dirname(os.path.abspath(argv[0])))
    for folder in folders:
        if folder not in sys.path:
            sys.path.append(folder)


def parse_command_line(argv):
    """(runner options, FILE, the function's argument tokens)."""
    opts = {"fn": "main", "log_dir": None, "sinks": "terminal,jsonl,plot", "checks": "debug", "value_checks": "debug"}
    opts["devices"] = None  # the file's `devices` line
    opts["path"] = []  # each --path, in order
    file = None
    rest = []
    i = 0
    own = True
    while i < len(argv):
        token = argv[i]
        if own and token == "--":
            own = False
        elif own and token.split("=", 1)[0] in _OPTIONS:
            key, eq, value = token.partition("=")
            if not eq:
                i += 1
                if i == len(argv):
                    raise UsageError("%s needs a value" % key)
                value = argv[i]
            if key == "--path":
                opts["path"].append(value)
            else:
                opts[key[2:].replace("-", "_")] = value
        elif own and (token == "--help" or token == "-h" and file is None):
            raise UsageError(None)
        elif file is None:
            file = token
        else:
            rest.append(token)
        i += 1
    if file is None:
        raise UsageError("which .ss file? (give FILE)")
    return opts, file, rest


def python_name(module, fn_name):
    """The Python name of the function the source calls `fn_name` (`range_`
    for `range`; docs/generated-code.md), or `fn_name` itself."""
    if callable(getattr(module, fn_name, None)):
        return fn_name
    for key, value in vars(module).items():
        if key.startswith("_ss_sig_") and getattr(value, "name", None) == fn_name:
            return key[len("_ss_sig_") :]
    return fn_name


def _kind(module, fn_name, param, position):
    """The parameter's type as a Python type, from the function's signature
    spec (`_ss_sig_<fn>`, whose parameters are the function's, in order),
    else from its default."""
    sig = getattr(module, "_ss_sig_" + fn_name, None)
    if sig is not None and position < len(sig.params):
        spec = sig.params[position][1]
        if isinstance(spec, ScalarSpec):
            return {"int": int, "float": float, "bool": bool, "str": str}[spec.kind]
    if param.default is not inspect.Parameter.empty and param.default is not None:
        return type(param.default)
    return None


def _convert(text, kind, name):
    if kind is None or kind is str:
        return text
    if kind is bool:
        low = text.lower()
        if low in ("true", "1", "yes", "on"):
            return True
        if low in ("false", "0", "no", "off"):
            return False
        raise UsageError("argument `%s`: expected a bool (true or false), found %r" % (name, text))
    try:
        return kind(text)
    except ValueError:
        raise UsageError("argument `%s`: expected %s, found %r" % (name, kind.__name__, text)) from None


def function_arguments(module, fn_name, fn, tokens):
    """Binds the command line's argument tokens to `fn`'s parameters."""
    sig = inspect.signature(fn)
    params = sig.parameters
    # `--class` for the parameter Python calls `class_` (docs/generated-code.md).
    spec = getattr(module, "_ss_sig_" + fn_name, None)
    spelled = {}
    if spec is not None:
        spelled = {written: name for (written, _), name in zip(spec.params, params, strict=False)}
    positional, keywords = [], {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.startswith("--") and len(token) > 2:
            key, eq, value = token[2:].partition("=")
            key = key.replace("-", "_")
            key = key if key in params else spelled.get(key, key)
            if key not in params:
                raise UsageError("%s() has no parameter `%s`; it takes %s" % (fn_name, key, _describe(params)))
            if not eq:
                i += 1
                if i == len(tokens):
                    raise UsageError("--%s needs a value" % key)
                value = tokens[i]
            keywords[key] = value
        else:
            positional.append(token)
        i += 1
    try:
        bound = sig.bind(*positional, **keywords)
    except TypeError as e:
        raise UsageError("%s(): %s; it takes %s" % (fn_name, e, _describe(params))) from None
    for name, value in list(bound.arguments.items()):
        bound.arguments[name] = _convert(value, _kind(module, fn_name, params[name], list(params).index(name)), name)
    return bound


def _describe(params):
    if not params:
        return "no arguments"
    parts = []
    for p in params.values():
        parts.append(
            "--%s" % p.name if p.default is inspect.Parameter.empty else "--%s (default %r)" % (p.name, p.default)
        )
    return ", ".join(parts)


def check_log_files(names, log_dir, source):
    """The log folder and the files the sinks will write, refused (an
    OutputError) as every output is (files.output_problem), and the program's
    own source among them: a log never replaces what it runs."""
    if os.path.exists(log_dir) and not os.path.isdir(log_dir):
        raise files.OutputError("%s: expected a folder for the logs, found %s" % (log_dir, files.kind_of(log_dir)))
    for name in [n.strip() for n in names.split(",") if n.strip()]:
        written = SINK_FILES.get(name)
        if not written:
            continue
        path = os.path.join(log_dir, written)
        problem = files.output_problem(path, make_folder=True)
        if problem:
            raise files.OutputError(problem)
        if os.path.exists(path) and os.path.exists(source) and os.path.samefile(path, source):
            raise files.OutputError(
                "%s: is the program's source %s: expected another file for the log" % (path, source)
            )


# The file each sink writes in the log folder.
SINK_FILES = {"jsonl": "log.jsonl", "csv": "log.csv", "plot": "curves.png"}


def make_sinks(names, log_dir):
    out = []
    for name in [n.strip() for n in names.split(",") if n.strip()]:
        if name == "terminal":
            out.append(sinks.Terminal())
        elif name == "jsonl":
            out.append(sinks.JsonLines(os.path.join(log_dir, SINK_FILES["jsonl"])))
        elif name == "csv":
            out.append(sinks.Csv(os.path.join(log_dir, SINK_FILES["csv"])))
        elif name == "tensorboard":
            out.append(sinks.TensorBoard(os.path.join(log_dir, "tb")))
        elif name == "plot":
            out.append(sinks.Plot(os.path.join(log_dir, SINK_FILES["plot"])))
        else:
            raise UsageError("unknown sink %r (the sinks: %s)" % (name, ", ".join(SINK_NAMES)))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    _program_folders_last(argv)
    try:
        opts, file, rest = parse_command_line(argv)
        for key in ("checks", "value_checks"):
            if opts[key] not in ("always", "debug", "never"):
                raise UsageError("--%s must be always, debug or never, not %r" % (key.replace("_", "-"), opts[key]))
        for name in opts["sinks"].split(","):
            if name.strip() and name.strip() not in SINK_NAMES:
                raise UsageError("unknown sink %r (the sinks: %s)" % (name.strip(), ", ".join(SINK_NAMES)))
    except UsageError as e:
        if e.args[0]:
            print("shapescript.runner: %s" % e.args[0], file=sys.stderr)
        print(USAGE, file=sys.stderr)
        return 2 if e.args[0] else 0

    try:
        placement = _placement(file, opts)
        if workers.launched_by_environment():  # before the program is loaded: its device is the worker's
            workers.join(placement.kind if placement else "cpu", placement.devices if placement else [])
        module = compiler.load(
            file, opts["checks"], opts["value_checks"], devices=opts["devices"], search=opts["path"], _from_runner=True
        )
    except ShapeScriptError as e:
        print(str(e), file=sys.stderr)
        return 1
    except devices.DeviceListError as e:
        print("shapescript.runner: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:  # an unreadable file is a usage error, as for the compiler
        print("shapescript.runner: can't read %s: %s" % (file, e.strerror or e), file=sys.stderr)
        return 2

    fn_name = python_name(module, opts["fn"])
    fn = getattr(module, fn_name, None)
    if not callable(fn) or fn_name.startswith("_"):
        names = sorted(
            k
            for k, v in vars(module).items()
            if inspect.isfunction(v) and not k.startswith("_") and v.__module__ == module.__name__
        )
        print(
            "shapescript.runner: %s has no function `%s` (its functions: %s)"
            % (file, opts["fn"], ", ".join(names) or "none"),
            file=sys.stderr,
        )
        return 2
    try:
        bound = function_arguments(module, fn_name, fn, rest)
    except UsageError as e:
        print("shapescript.runner: %s" % e.args[0], file=sys.stderr)
        return 2

    log_dir = opts["log_dir"] or os.path.join("runs", Path(os.fsdecode(file)).stem)
    try:
        check_log_files(opts["sinks"], log_dir, file)
        if placement is not None and placement.workers > 1 and workers.world() is None:
            return launch.run_workers(argv, placement.workers)
        # On several workers, the first logs; the others have no sinks.
        made = make_sinks(opts["sinks"], log_dir) if workers.is_first() else []
    except (files.OutputError, OSError) as e:
        print("shapescript.runner: %s" % e, file=sys.stderr)
        return 2
    return _run(fn, bound, made)


def _placement(file, opts):
    """Where the program runs: --devices, else the file's `devices` line
    (read from its generated module), checked (devices.placement); None
    when neither says."""
    names = opts["devices"]
    if names is not None:
        names = [n for n in names.split(",") if n.strip()]
        if not names:
            raise devices.DeviceListError("--devices: expected a list such as cpu*2 or cuda:0,cuda:1, found nothing")
    else:
        built = compiler.build(file, opts["checks"], opts["value_checks"], search=opts["path"])
        names = compiler.generated_devices(built)
    return devices.placement(names)


def _run(fn, bound, made):
    """Calls the function with the sinks `made`; the exit status."""
    previous = sinks.log_to(*made)
    sinks.reset_steps()
    hook = sys.excepthook
    tracebacks.install_excepthook()
    ended_well = False
    try:
        result = fn(*bound.args, **bound.kwargs)
        ended_well = True
    except ShapeScriptError as e:
        print(_worker_prefix() + str(e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        if workers.is_first():
            print("interrupted", file=sys.stderr)
        return 130
    except Exception as e:
        if workers.lost_peer(e):  # another worker left: the controller names that one
            return launch.LOST_PEER
        if workers.is_first():
            sys.stderr.write(tracebacks.format_exception(e, skip=1))  # not the runner's own frame
        else:  # the first worker shows the traceback; the others, a line
            print("%s%s: %s" % (_worker_prefix(), type(e).__name__, e), file=sys.stderr)
        return 1
    finally:
        sinks.close_sinks()
        sinks.log_to(*previous)
        sys.excepthook = hook
        workers.leave(ended_well)
    if result is not None and workers.is_first():
        if hasattr(result, "dim") and result.dim() == 0:
            result = result.item()
        print(result)
    return 0


def _worker_prefix():
    w = workers.world()
    return "worker %d: " % w.rank if w is not None and w.rank else ""


if __name__ == "__main__":
    status = main()
    if workers.launched_by_environment():
        workers.exit_worker(status)
    sys.exit(status)
