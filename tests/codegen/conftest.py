"""Shared fixtures for the code generator's tests: the compiler, and building
a .ss file or source text into an imported module (through the real
`shapescript build` and the runtime in runtime/)."""

import importlib.util
import itertools
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
_counter = itertools.count()


def compiler() -> pathlib.Path:
    env = os.environ.get("SHAPESCRIPT_BIN")
    return pathlib.Path(env).resolve() if env else ROOT / "build" / "bin" / "shapescript"


def run_build(args, **kwargs):
    return subprocess.run(
        [str(compiler()), "build", *map(str, args)], capture_output=True, text=True, timeout=60, **kwargs
    )


def import_file(path: pathlib.Path):
    name = f"_ss_test_{path.stem}_{next(_counter)}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def build(tmp_path):
    """build(path_or_source, *options) -> the generated module, imported."""

    def _build(source, *options):
        if isinstance(source, pathlib.Path):
            path = source
        else:
            path = tmp_path / f"program{next(_counter)}.ss"
            path.write_text(source)
        out = tmp_path / (path.stem + f"_{next(_counter)}.py")
        result = run_build([path, "-o", out, *options])
        assert result.returncode == 0, result.stderr
        return import_file(out)

    return _build


@pytest.fixture(autouse=True)
def deterministic():
    import torch

    torch.manual_seed(0)
    yield
