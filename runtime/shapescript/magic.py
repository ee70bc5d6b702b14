"""`%%shapescript`: a notebook cell of ShapeScript, compiled and run; its
functions, models and data records become names in the notebook.

    %load_ext shapescript
    %%shapescript [--checks always|debug|never] [--value-checks ...] [--name NAME]

The cell is written to `<cache>/cells/<name>.ss` (the name defaults to
`cell_` and a hash of the text) and loaded as `shapescript.load` does;
diagnostics name the file `<cell>`, with the cell's own line numbers.
"""

import argparse
import hashlib
import inspect
import os
import shlex

from . import compiler
from .errors import ShapeScriptError
from .files import replacing


def _options(line):
    p = argparse.ArgumentParser(prog="%%shapescript", add_help=False)
    p.add_argument("--checks", default="debug", choices=("always", "debug", "never"))
    p.add_argument("--value-checks", default="debug", choices=("always", "debug", "never"))
    p.add_argument("--name", default=None)
    p.add_argument("--devices", default=None)
    try:
        return p.parse_args(shlex.split(line))
    except SystemExit:
        raise ValueError("%%%%shapescript: bad options %r (%s)" % (line, p.format_usage().strip())) from None


def run_cell(line, cell, namespace):
    """Compiles `cell` and puts its module's public names into `namespace`;
    returns the module."""
    opts = _options(line)
    name = opts.name or "cell_" + hashlib.sha256(cell.encode("utf-8")).hexdigest()[:12]
    if not name.isidentifier():
        raise ValueError("%%%%shapescript: --name must be a Python identifier, not %r" % name)
    folder = os.path.join(compiler.cache_dir(), "cells")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name + ".ss")
    with replacing(path) as tmp:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(cell)
    try:
        # Notebook cells aren't padded (docs/padding.md): a cell is run once, as written.
        # Its imports are the notebook's folder's .ss files (docs/modules.md).
        module = compiler.load(
            path, opts.checks, opts.value_checks, name=name, devices=opts.devices, padding=False, search=(os.getcwd(),)
        )
    except ShapeScriptError as e:
        for d in e.diagnostics:
            d["file"] = "<cell>"
        e.summary = "the cell doesn't compile:" if e.diagnostics else e.summary.replace(path, "<cell>")
        raise
    for k, v in vars(module).items():
        if not k.startswith("_") and not inspect.ismodule(v):
            namespace[k] = v
    return module


def load_ipython_extension(ip):
    from IPython.core.magic import Magics, cell_magic, magics_class

    @magics_class
    class ShapeScriptMagics(Magics):
        @cell_magic
        def shapescript(self, line, cell):
            run_cell(line, cell, self.shell.user_ns)

    ip.register_magics(ShapeScriptMagics)
