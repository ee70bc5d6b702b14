"""The import hook: after `import shapescript`, `import model` finds
`model.ss` on sys.path (or in a package's folder) and imports it, compiled
through the same cache as `shapescript.load`. A `model.py` found first by
Python's own finders wins: this finder is the last on sys.meta_path."""

import importlib.abc
import importlib.util
import os
import sys

from . import compiler


class SsLoader(importlib.abc.Loader):
    def __init__(self, path):
        self.path = path

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        compiler.exec_generated(module, compiler.build(self.path))


class SsFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        name = fullname.rpartition(".")[2]
        for entry in sys.path if path is None else path:
            if not isinstance(entry, str):
                continue
            candidate = os.path.join(entry or ".", name + ".ss")
            if os.path.isfile(candidate):
                candidate = os.path.abspath(candidate)
                return importlib.util.spec_from_file_location(fullname, candidate, loader=SsLoader(candidate))
        return None

    def __repr__(self):
        return "shapescript.importer.SsFinder()"


def install():
    """Adds the finder to sys.meta_path, once."""
    if not any(isinstance(f, SsFinder) for f in sys.meta_path):
        sys.meta_path.append(SsFinder())


def uninstall():
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, SsFinder)]
