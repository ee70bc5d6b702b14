"""Every correct program of the check corpus (tests/check/corpus/*_ok.ss,
issue 13's proof) builds, and the module it generates imports and defines
each of the program's functions, models and data records (a record is a
spec, not a class). No training runs here."""

import re

import pytest

from conftest import ROOT

CORPUS = ROOT / "tests" / "check" / "corpus"
PROGRAMS = sorted(CORPUS.glob("*_ok.ss"))
# The items a generated module defines under the names the file gives them.
_ITEM = re.compile(r"^(?:export\s+)?(?:fn|model|data)\s+(\w+)", re.MULTILINE)


def test_the_corpus_has_its_programs():
    assert len(PROGRAMS) >= 40, f"{len(PROGRAMS)} correct programs in {CORPUS}; issue 13 asks for at least 40"


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.name)
def test_builds_and_imports(build, path):
    module = build(path)
    names = _ITEM.findall(path.read_text())
    assert names, f"{path.name} defines no function, model or data record"
    missing = [name for name in names if getattr(module, name, None) is None]
    assert not missing, f"the module built from {path.name} lacks {missing}"
