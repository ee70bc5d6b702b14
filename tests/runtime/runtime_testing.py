"""Helpers of the runtime's tests (imported by them; conftest.py has the fixtures)."""

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = HERE / "fixtures"


def builds(log):
    return len(log.read_text().splitlines()) if log.exists() else 0


# The built compiler, as CTest sets it for this suite. Read once, before any
# test points SHAPESCRIPT_BIN elsewhere (the fake_compiler fixture does).
_COMPILER = os.environ.get("SHAPESCRIPT_BIN")


def real_compiler():
    """The path of the built `shapescript`; fails the test, saying what to
    set, when there is none (CTest always sets it: a missing compiler is a
    broken run, never a reason to skip)."""
    if not _COMPILER or not os.access(_COMPILER, os.X_OK) or Path(_COMPILER).is_dir():
        pytest.fail(
            "these tests run the built compiler: SHAPESCRIPT_BIN=%r is not a program; run them with "
            "`ctest --test-dir build -R runtime`, or set SHAPESCRIPT_BIN=build/bin/shapescript "
            "after building" % (_COMPILER,),
            pytrace=False,
        )
    return _COMPILER
