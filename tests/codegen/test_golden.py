"""The generated Python of the examples, compared with golden files in
golden/. After a deliberate change to the generator, regenerate them with
`UPDATE_GOLDEN=1 pytest tests/codegen/test_golden.py` and read the diff."""

import os
import re

import pytest

from conftest import EXAMPLES, ROOT, run_build

GOLDEN = ROOT / "tests" / "codegen" / "golden"
PROGRAMS = ["digits", "attention", "patch_embedding", "llama"]


def generated(name: str, *options: str) -> str:
    result = run_build([EXAMPLES / f"{name}.ss", "-o", "-", *options])
    assert result.returncode == 0, result.stderr
    # The absolute path of the source differs between checkouts.
    return re.sub(r'^_ss_source = ".*"$', '_ss_source = "<source>"', result.stdout, flags=re.M)


@pytest.mark.parametrize("name", PROGRAMS)
def test_generated_module_matches_golden(name):
    text = generated(name)
    golden = GOLDEN / f"{name}.py"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(text)
    assert golden.exists(), f"no golden file {golden}; run with UPDATE_GOLDEN=1"
    assert text == golden.read_text(), f"generated code for {name}.ss changed; see the diff, regenerate if intended"


def test_check_levels_are_written_into_the_module():
    text = generated("attention", "--checks", "never", "--value-checks", "always")
    assert '_ss_checks = _ss_rt.checks_enabled("never")' in text
    assert '_ss_value_checks = _ss_rt.checks_enabled("always")' in text


def test_every_statement_has_its_source_line():
    text = generated("digits")
    source_lines = {int(n) for n in re.findall(r"# digits\.ss:(\d+)", text)}
    # Every line of a function body that starts a statement appears.
    src = (EXAMPLES / "digits.ss").read_text().splitlines()
    for number in (20, 21, 24, 27, 28, 29, 32, 35, 36, 37, 38, 39, 40, 41):
        assert number in source_lines, (number, src[number - 1])
