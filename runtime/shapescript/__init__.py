"""ShapeScript's Python runtime: what compiled .ss modules run on, and the
ways Python uses them: `shapescript.load("model.ss")`, `import model` (an
import hook for .ss files, installed by importing this package), and the
notebook magic `%%shapescript` (`%load_ext shapescript`)."""

import os as _os

from .compiler import export, export_gguf, export_hf, load
from .errors import ArgumentError, ShapeScriptError
from .importer import install as _install_import_hook
from .padding import fixed_shapes, padded, shapes_seen
from .recording import record_steps, recorded_steps
from .sinks import Csv, JsonLines, Plot, Sink, TensorBoard, Terminal, close_sinks, log, log_to

_install_import_hook()


def _read_version() -> str:
    # VERSION, beside this file, is the one place the project's version is
    # written: CMakeLists.txt (the programs) and pyproject.toml read it too.
    with open(_os.path.join(_os.path.dirname(__file__), "VERSION"), encoding="utf-8") as f:
        return f.read().strip()


__version__ = _read_version()


def load_ipython_extension(ip):
    """`%load_ext shapescript`: registers the `%%shapescript` cell magic."""
    from .magic import load_ipython_extension as register

    register(ip)


__all__ = [
    "ArgumentError",
    "Csv",
    "JsonLines",
    "Plot",
    "ShapeScriptError",
    "Sink",
    "TensorBoard",
    "Terminal",
    "__version__",
    "close_sinks",
    "export",
    "export_gguf",
    "export_hf",
    "fixed_shapes",
    "record_steps",
    "recorded_steps",
    "load",
    "log",
    "log_to",
    "padded",
    "shapes_seen",
    "load_ipython_extension",
]
