"""Programs of several .ss files (docs/modules.md): what a generated module
calls for each `.ss` file it imports. The file is built as `shapescript
build` would (or taken from the cache) and loaded once per process, so
every importer shares its functions, dims and model classes."""

import importlib.util
import os
import sys

_loaded = {}  # generated module's path -> the module


def ss_module(source, importer, checks="debug", value_checks="debug", devices=None, padding=True, search=()):
    """The module generated from the .ss file `source`, which the module of
    `importer` imports, built with the importer's options; `search` is
    where its own imports are looked for after its folder."""
    # The installed package's compiler: an exported module embeds only the
    # runtime it runs with, and the compiler is not part of it.
    from shapescript import compiler

    pyfile = compiler.build(source, checks, value_checks, devices, padding, search=search)
    module = _loaded.get(pyfile)
    if module is not None:
        return module
    stem = os.path.splitext(os.path.basename(pyfile))[0]
    name = "_ss_module_" + "".join(c if c.isalnum() else "_" for c in stem)
    spec = importlib.util.spec_from_file_location(name, pyfile)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        compiler.exec_generated(module, pyfile)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    _loaded[pyfile] = module
    return module
