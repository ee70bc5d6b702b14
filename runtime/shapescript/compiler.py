"""Compiling .ss files with the `shapescript` compiler, and a cache of the
modules it wrote, so an unchanged file isn't compiled again.

The cache (~/.cache/shapescript/modules, or $SHAPESCRIPT_CACHE) holds one
`<stem>-<key>.py` per build; the key hashes the source's bytes and path,
the compiler's version and the binary itself (path, size, mtime, so a
rebuilt compiler of the same version doesn't serve stale modules), and the
options. Each entry ends with a comment line holding the SHA-256 of the
text before it; an entry whose text doesn't match (truncated, emptied,
edited) is built again rather than imported. The compiler writes each
module to a temporary name, sealed with that line and then renamed, so
concurrent builds never see half a module.
"""

import ast
import errno
import hashlib
import importlib.util
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from . import files
from .checking import checks_enabled
from .devices import DeviceListError, placement
from .errors import ShapeScriptError
from .files import replacing

_versions = {}


def find_compiler():
    """The `shapescript` binary: $SHAPESCRIPT_BIN, else next to the Python
    running this, else on PATH, else build/bin/shapescript of the source
    tree this package is in."""
    env = os.environ.get("SHAPESCRIPT_BIN")
    if env:
        if not os.path.isfile(env):
            raise ShapeScriptError("$SHAPESCRIPT_BIN is %s, which isn't a file" % env)
        return env
    beside = Path(sys.executable).parent / "shapescript"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("shapescript")
    if found:
        return found
    tree = Path(__file__).resolve().parents[2] / "build" / "bin" / "shapescript"
    if tree.is_file():
        return str(tree)
    raise ShapeScriptError(
        "can't find the shapescript compiler: install it, put it on PATH, or set $SHAPESCRIPT_BIN to its path"
    )


def compiler_version(binary):
    """`shapescript --version`, remembered per binary file."""
    st = os.stat(binary)
    key = (os.path.abspath(binary), st.st_size, st.st_mtime_ns)
    if key not in _versions:
        r = subprocess.run([binary, "--version"], capture_output=True, text=True)
        _versions[key] = r.stdout.strip() or r.stderr.strip()
    return _versions[key], key


def cache_dir():
    d = os.environ.get("SHAPESCRIPT_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "shapescript", "modules")
    os.makedirs(d, exist_ok=True)
    return d


_HUMAN = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning|info|information|hint)"
    r"(?:\[(?P<code>\w+)\])?: (?P<message>.*)$"
)


def _errors(text):
    """The errors of a JSON diagnostics list (or {"diagnostics": [...]})."""
    try:
        data = json.loads(text)
    except ValueError:
        return []
    diags = data.get("diagnostics", []) if isinstance(data, dict) else data
    return [d for d in diags if isinstance(d, dict) and d.get("severity") == "error"] if isinstance(diags, list) else []


def _diagnostics(binary, source, build_stdout, build_output):
    """The diagnostics of a failed build: the build's JSON, else `check
    --format json`'s, else the lines of its output in the human format."""
    errors = _errors(build_stdout)
    if errors:
        return errors
    r = subprocess.run([binary, "check", source, "--format", "json"], capture_output=True, text=True)
    errors = _errors(r.stdout)
    if errors:
        return errors
    out = []
    for line in build_output.splitlines():
        m = _HUMAN.match(line.strip())
        if m:
            d = m.groupdict()
            d["line"], d["column"] = int(d["line"]), int(d["column"])
            out.append(d)
    return out


def _devices_option(devices):
    """`devices` ("cuda:0", "cpu*2", "cuda:0,cuda:1", or a list of device
    names; None: the file's) as --devices takes it, checked
    (devices.placement: a DeviceListError names a bad entry)."""
    if devices is None:
        return None
    names = devices.split(",") if isinstance(devices, str) else [str(d) for d in devices]
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise DeviceListError('devices: expected a device such as "cuda:0" or a list of them, found %r' % (devices,))
    placement(names)
    return ",".join(names)


_DEVICES_LINE = re.compile(r"^_ss_devices = (\(.*\))$", re.M)


def generated_devices(pyfile):
    """The `devices` a generated module was built for (its `_ss_devices`),
    read from its text: a worker joins its world before it loads it."""
    with open(pyfile, encoding="utf-8") as f:
        m = _DEVICES_LINE.search(f.read())
    return list(ast.literal_eval(m.group(1))) if m else []


def build(path, checks="debug", value_checks="debug", devices=None, padding=True, search=()):
    """Compiles `path` (a .ss file) unless the cache has it; returns the
    generated module's path. ShapeScriptError when it doesn't compile.
    `devices` (None: the file's `devices` line) is --devices; `padding`
    False is --no-padding; `search` the folders given as --path, where
    its imports are looked for after its own folder (docs/modules.md).
    An entry whose imported .ss files changed since it was built is built
    again."""
    checks_enabled(checks)
    checks_enabled(value_checks)
    devices = _devices_option(devices)
    source = Path(path).resolve()
    text = _read_source(source)
    binary = find_compiler()
    version, identity = compiler_version(binary)
    h = hashlib.sha256()
    for part in (
        b"shapescript-module-1",
        version.encode(),
        repr(identity).encode(),
        os.fsencode(str(source)),  # a name that isn't UTF-8 too
        checks.encode(),
        value_checks.encode(),
    ):
        h.update(part + b"\0")
    if devices is not None:
        h.update(b"devices=" + devices.encode() + b"\0")
    if not padding:
        h.update(b"no-padding\0")
    search = [os.fspath(d) for d in search]
    for folder in search:
        h.update(b"path=" + os.fsencode(folder) + b"\0")
    h.update(text)
    out = Path(cache_dir()) / ("%s-%s.py" % (source.stem, h.hexdigest()[:24]))
    if _sealed(out) and _imports_unchanged(out):
        return str(out)
    # Built into a temporary file, sealed, then renamed over the entry.
    with replacing(out) as tmp:
        cmd = [binary, "build", str(source), "-o", tmp, "--format", "json"]
        if checks != "debug":
            cmd += ["--checks", checks]
        if value_checks != "debug":
            cmd += ["--value-checks", value_checks]
        if devices is not None:
            cmd += ["--devices", devices]
        if not padding:
            cmd += ["--no-padding"]
        for folder in search:
            cmd += ["--path", folder]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0 or not os.path.getsize(tmp):
            raise _build_failed(binary, source, cmd, r)
        _record_imports(tmp)
        _seal(tmp)
    return str(out)


def _read_source(source):
    """The bytes of a .ss file, which must be a regular file: a FIFO would
    block and /dev/zero never end, as the compiler refuses them too (an
    OSError, which `shapescript run` reports with exit status 2)."""
    fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO with no writer doesn't block the open
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "expected a regular file, found %s" % files.kind_of(source))
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    finally:
        os.close(fd)


_SEAL = b"# shapescript cache entry, sha256 of the text above: "
_IMPORTS = "# shapescript imports, sha256 of each: "
_MODULES_LINE = re.compile(r"^_ss_modules = (\(.*\))$", re.M)


def _digest(path):
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def _record_imports(path):
    """Adds to a module just built the digest of each .ss file it imports,
    directly or not (its `_ss_modules`), as a comment line."""
    text = Path(path).read_text(encoding="utf-8")
    m = _MODULES_LINE.search(text)
    if m:
        digests = {f: _digest(f) for f in ast.literal_eval(m.group(1))}
        with open(path, "a", encoding="utf-8") as f:
            f.write(("" if text.endswith("\n") else "\n") + _IMPORTS + json.dumps(digests, sort_keys=True) + "\n")


def _imports_unchanged(path):
    """Whether every .ss file a cache entry imports is as it was built."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    for line in text.splitlines():
        if line.startswith(_IMPORTS):
            try:
                digests = json.loads(line[len(_IMPORTS) :])
            except ValueError:
                return False
            return all(_digest(f) == d for f, d in digests.items())
    return True


def _seal_line(body):
    return _SEAL + hashlib.sha256(body).hexdigest().encode() + b"\n"


def _seal(path):
    """Ends the module at `path` with the digest of its text."""
    body = Path(path).read_bytes()
    if not body.endswith(b"\n"):
        body += b"\n"
    Path(path).write_bytes(body + _seal_line(body))


def _sealed(path):
    """Whether `path` is a cache entry whose text matches its digest."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return False
    n = len(_seal_line(b""))
    return len(data) >= n and data[-n:] == _seal_line(data[:-n])


def _build_failed(binary, source, cmd, r):
    """The ShapeScriptError for a failed build: its diagnostics, else the
    command, its exit status and output."""
    output = (r.stdout + r.stderr).strip()
    if r.returncode == 1:
        diags = _diagnostics(binary, str(source), r.stdout, output)
        if diags:
            return ShapeScriptError("%s doesn't compile:" % source.name, diags)
    return ShapeScriptError(
        "`%s` failed (exit status %d)%s"
        % (
            " ".join([os.path.basename(binary)] + cmd[1:2] + [source.name]),
            r.returncode,
            ":\n" + output if output else "",
        )
    )


def _is_ours(module):
    return module is None or hasattr(module, "_ss_source")


def _another_module(name, source=None):
    """Whether `name` is a module Python would import from elsewhere (not
    from `source` itself, through the import hook)."""
    if name in sys.modules:
        return not _is_ours(sys.modules[name])
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return False
    if spec is None:
        return False
    same = source is not None and spec.origin and os.path.exists(spec.origin)
    return not (same and os.path.samefile(spec.origin, source))


def exec_generated(module, pyfile):
    """Runs a generated module's code in `module`."""
    with open(pyfile, encoding="utf-8") as f:
        code = compile(f.read(), pyfile, "exec")
    module.__file__ = pyfile
    exec(code, module.__dict__)


def load(
    path, checks="debug", value_checks="debug", name=None, devices=None, padding=True, search=(), *, _from_runner=False
):
    """Compiles (or takes from the cache) the .ss file at `path` and returns
    its module, named after the file (`digits.ss` -> `digits`) and entered
    in sys.modules unless another module of that name is there or could be
    imported (`einops.ss`).

    `checks` and `value_checks` ("always", "debug", "never") are the
    compiler's --checks and --value-checks; `devices` ("cuda:0", or a list)
    is its --devices, where the program runs (None: the file's `devices`);
    `padding` False is --no-padding (docs/padding.md); `search`, folders
    where the .ss files it imports are looked for after its own folder
    (--path, docs/modules.md). On several workers
    (`devices="cpu*3"`), each call of one of its functions from Python runs
    on them (docs/devices.md, "From Python")."""
    pyfile = build(path, checks, value_checks, devices, padding, search=search)
    name = name or Path(os.fsdecode(path)).stem
    spec = importlib.util.spec_from_file_location(name, pyfile)
    module = importlib.util.module_from_spec(spec)
    # Not under the name of a module Python would import otherwise
    # (`einops.ss`): the program's own `import einops` would get itself.
    register = _is_ours(sys.modules.get(name)) and not _another_module(name, path)
    previous = sys.modules.get(name)
    if register:
        sys.modules[name] = module
    try:
        exec_generated(module, pyfile)
    except BaseException:
        if register:
            if previous is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = previous
        raise
    if not _from_runner:
        _calls_on_workers(module, path, checks, value_checks, _devices_option(devices), padding, search)
    return module


def _calls_on_workers(module, path, checks, value_checks, devices, padding, search=()):
    """A program loaded for several workers: its functions, called from
    Python, run on them (worker_call.py)."""
    from . import worker_call, workers

    if workers.world() is not None:
        return
    chosen = placement(devices.split(",") if devices else list(getattr(module, "_ss_devices", ())))
    if chosen is not None and chosen.workers > 1:
        options = {"source": os.path.abspath(os.fsdecode(path)), "checks": checks, "value_checks": value_checks}
        options["search"] = [os.fspath(d) for d in search]  # its imports' folders, as here
        worker_call.on_workers(module, dict(options, devices=devices, padding=padding), chosen.workers)


def _run_export(cmd, source):
    """Runs `shapescript export ...` and returns what it printed: exit 2 (a
    bad option, output or weights) is ValueError, another failure
    ShapeScriptError, with what the command said."""
    r = subprocess.run(cmd, capture_output=True, text=True)
    message = (r.stderr or r.stdout).strip()
    if r.returncode == 2:
        raise ValueError(message)
    if r.returncode != 0:
        raise ShapeScriptError("%s doesn't export:\n%s" % (source.name, message))
    return r.stdout


def export(
    path,
    fn=None,
    output=None,
    *,
    aoti=False,
    checks="always",
    value_checks="debug",
    devices=None,
    weights=None,
    seed=0,
):
    """`shapescript export` in this Python (docs/export.md): the
    torch.export.ExportedProgram of `fn` (None: the file's only `export
    fn`), and with `output` the .pt2 file written (an AOTInductor package
    with `aoti`). A model the function takes first is the program's, with
    the weights of the checkpoint `weights` or new ones made from `seed`.
    A file with errors is ShapeScriptError; no such function (or no `fn`
    when the file hasn't exactly one `export fn`), or weights that can't be
    the model's, ValueError."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError("seed expects a whole number such as 0, found %r" % (seed,))
    checks_enabled(checks)
    checks_enabled(value_checks)
    devices = _devices_option(devices)
    source = Path(path).resolve()
    binary = find_compiler()
    with tempfile.TemporaryDirectory(prefix="shapescript-export-") as folder:
        module_path = os.path.join(folder, "%s_export.py" % source.stem)
        cmd = [binary, "export", str(source), "--emit-python", module_path, "--checks", checks]
        cmd += ["--value-checks", value_checks]
        if fn is not None:
            cmd += ["--fn", fn]
        if output is not None:  # the compiler refuses the source itself, a FIFO, a device, ...: exit 2
            cmd += ["-o", os.fspath(output)]
        if devices is not None:
            cmd += ["--devices", devices]
        _run_export(cmd, source)
        spec = importlib.util.spec_from_file_location("_ss_export_%s" % source.stem, module_path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        program = module._ss_export(None if weights is None else os.fspath(weights), seed)
        if output is not None:
            module._ss_exporting.save(program, output, aoti)
    return program


def _served_export(how, path, output, fn, weights, seed, dtype, options):
    """`shapescript export PATH --hf/--gguf OUTPUT ...` (`how`), with the
    common options checked and a model given as `weights` saved to a
    checkpoint first; returns what the command printed."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError("seed expects a whole number such as 0, found %r" % (seed,))
    source = Path(path).resolve()
    binary = find_compiler()
    with tempfile.TemporaryDirectory(prefix="shapescript-served-") as folder:
        cmd = [binary, "export", str(source), how, os.fspath(output), "--fn", fn, "--python", sys.executable]
        cmd += ["--seed", str(seed), "--dtype", str(dtype)] + options
        if weights is not None and not isinstance(weights, (str, bytes, os.PathLike)):
            from . import checkpoint

            saved = os.path.join(folder, "weights.safetensors")
            checkpoint.save(saved, weights)  # a model: its fields, as `save` writes them
            weights = saved
        if weights is not None:
            cmd += ["--weights", os.fspath(weights)]
        return _run_export(cmd, source)


def export_hf(
    path,
    output,
    fn="forward",
    *,
    vllm=False,
    weights=None,
    seed=0,
    dtype="float32",
    tokenizer=None,
    max_len=None,
    verify=True,
):
    """`shapescript export --hf` in this Python (docs/export.md, "Hugging Face
    folders"): writes the folder `output` (a new path) for `fn`, which takes
    the model first, and returns the config.json it wrote. `weights` is a
    checkpoint `save` wrote, or a model of the function's type; without it
    the weights are new ones made from `seed`. With `vllm`, a broken serving
    rule (E3301-E3305) is an error rather than a note. A file with errors,
    or a folder transformers doesn't load as the source computes, is
    ShapeScriptError; a bad option, output or weights, ValueError."""
    if max_len is not None and (isinstance(max_len, bool) or not isinstance(max_len, int) or max_len < 1):
        raise ValueError("max_len expects a positive whole number such as 4096, found %r" % (max_len,))
    options = ["--vllm"] if vllm else []
    if tokenizer is not None:
        options += ["--tokenizer", os.fspath(tokenizer)]
    if max_len is not None:
        options += ["--max-len", str(max_len)]
    if not verify:
        options.append("--no-verify")
    _served_export("--hf", path, output, fn, weights, seed, dtype, options)
    with open(os.path.join(os.fspath(output), "config.json"), encoding="utf-8") as f:
        return json.load(f)


def export_gguf(
    path, output, fn="forward", *, arch=None, weights=None, seed=0, dtype="float32", tokenizer=None, max_len=None
):
    """`shapescript export --gguf` in this Python (docs/export.md, "GGUF files
    and llama.cpp"): writes the GGUF file `output` (a new path) for `fn`,
    which takes the model first and keeps the serving rules, and returns
    its architecture ("llama" or "gpt2"), with the vocabulary of the
    byte-level BPE tokenizer in the folder `tokenizer` if given. `weights` is a checkpoint `save`
    wrote, or a model of the function's type; without it the weights are
    new ones made from `seed`. A model no architecture computes, a bad
    option, output or weights is ValueError (saying why for each
    architecture); a file with errors (a broken serving rule) is
    ShapeScriptError."""
    options = [] if arch is None else ["--arch", str(arch)]
    if tokenizer is not None:
        options += ["--tokenizer", os.fspath(tokenizer)]
    if max_len is not None:
        options += ["--max-len", str(max_len)]
    said = _served_export("--gguf", path, output, fn, weights, seed, dtype, options)
    found = re.search(r"\(architecture (\w+)\)", said)  # what exporting.main prints
    return found.group(1) if found else arch
