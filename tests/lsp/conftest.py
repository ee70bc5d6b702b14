"""Fixtures for the language server's protocol tests: the built binaries
(SS_BIN_DIR, set by CTest), servers started per test and always ended at
teardown, and a per-test time limit so a hanging server fails the test
instead of hanging CI (pytest-timeout is not in the venv: SIGALRM)."""

import os
import signal
from pathlib import Path

import pytest

from lsp_testing import REPO, Servers

DEFAULT_TEST_SECONDS = 30


def pytest_configure(config):
    config.addinivalue_line("markers", "time_limit(seconds): the test's time limit (default 30 s)")


def _bin_dir() -> Path:
    value = os.environ.get("SS_BIN_DIR")
    if value:
        return Path(value).resolve()
    return REPO / "build" / "bin"


@pytest.fixture(scope="session")
def bin_dir() -> Path:
    path = _bin_dir()
    if not (path / "shapescript-lsp").exists():
        pytest.fail(f"no shapescript-lsp binary in {path}: build first (bash scripts/setup)")
    return path


@pytest.fixture(autouse=True)
def time_limit(request):
    marker = request.node.get_closest_marker("time_limit")
    seconds = int(marker.args[0]) if marker else DEFAULT_TEST_SECONDS

    def expired(signum, frame):
        raise TimeoutError(f"the test ran over its {seconds} s limit (a hang?)")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def servers(bin_dir, tmp_path):
    s = Servers(bin_dir, tmp_path)
    try:
        yield s
    finally:
        s.close_all()
