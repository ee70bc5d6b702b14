"""Shared fixtures of the runtime's tests. Run them with
`PYTHONPATH=runtime python -m pytest tests/runtime -q` from the repository root."""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = HERE / "fixtures"

if str(ROOT / "runtime") not in sys.path:
    sys.path.insert(0, str(ROOT / "runtime"))


@pytest.fixture
def quiet_log():
    """Records go nowhere during the test; the sinks before it come back after."""
    from shapescript import sinks

    previous = sinks.log_to()
    yield sinks
    sinks.log_to(*previous)


@pytest.fixture(scope="session")
def digits_module(tmp_path_factory):
    """examples/digits.ss as the built compiler generates it, imported."""
    import importlib.util
    import subprocess

    from runtime_testing import real_compiler

    out = tmp_path_factory.mktemp("digits") / "digits_generated.py"
    r = subprocess.run(
        [real_compiler(), "build", str(ROOT / "examples" / "digits.ss"), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if r.returncode != 0:
        pytest.fail("`shapescript build examples/digits.ss` failed:\n" + r.stdout + r.stderr, pytrace=False)
    spec = importlib.util.spec_from_file_location("digits_generated", out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A module cache of the test's own."""
    d = tmp_path / "cache"
    monkeypatch.setenv("SHAPESCRIPT_CACHE", str(d))
    return d


@pytest.fixture
def fake_compiler(tmp_path, monkeypatch, cache):
    """$SHAPESCRIPT_BIN is fixtures/fake_compiler.py; returns the file its
    builds are counted in (one line per build)."""
    folder = tmp_path / "fakebin"
    folder.mkdir()
    binary = folder / "shapescript"
    binary.write_text('#!/bin/sh\nexec "%s" "%s" "$@"\n' % (sys.executable, FIXTURES / "fake_compiler.py"))
    binary.chmod(0o755)
    log = tmp_path / "builds.log"
    monkeypatch.setenv("SHAPESCRIPT_BIN", str(binary))
    monkeypatch.setenv("FAKE_BUILD_LOG", str(log))
    return log


@pytest.fixture
def clean_modules():
    """Modules the test imports (by .ss name) are forgotten after it."""
    before = set(sys.modules)
    path = list(sys.path)
    yield
    for name in set(sys.modules) - before:
        del sys.modules[name]
    sys.path[:] = path
