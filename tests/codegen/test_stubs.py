"""The type stub `shapescript build -o m.py` writes beside the module
(m.pyi; docs/python.md, "Types for Python callers"), read by mypy as a
user's editor or CI reads it: Python that calls the examples' modules as
their signatures say checks clean, and each mistake a caller can make
(a missing argument, a wrong type, a result used as another type) is
reported at its line. mypy runs with the venv's Python, so it reads the
installed `shapescript` package (which has a py.typed marker)."""

import pathlib
import re
import subprocess
import sys

import pytest

from conftest import EXAMPLES, run_build

USES = """
import torch

import shapescript.rt as rt
from digits import Mlp, accuracy, logits, main
from gpt2 import Gpt2, next_token

m = Mlp.init(seed=0)
scores: torch.Tensor = logits(m, torch.zeros(4, 64), rt.Eval)
first: torch.nn.Parameter = m.w1
main(epochs=2)
lm = Gpt2.init(seed=1, device="cpu")
ids = torch.zeros(1, 3, dtype=torch.long)
token: torch.Tensor = next_token(lm, ids, ids, 0.8, rt.Sample(seed=0))
"""

# Each line a mistake, with the error mypy gives for it.
MISTAKES = {
    "wrong: int = logits(m, torch.zeros(4, 64), rt.Eval)": "Incompatible types in assignment",
    "logits(m, torch.zeros(4, 64))": 'Missing positional argument "mode" in call to "logits"',
    'main(epochs="two")': 'Argument "epochs" to "main" has incompatible type "str"; expected "int"',
    "logits(lm, torch.zeros(4, 64), rt.Eval)": 'Argument 1 to "logits" has incompatible type "Gpt2"; expected "Mlp"',
    "Mlp.init(sed=0)": 'Unexpected keyword argument "sed" for "init" of "Mlp"',
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stubs")
    for name in ("digits", "gpt2"):
        result = run_build([EXAMPLES / (name + ".ss"), "-o", folder / (name + ".py")])
        assert result.returncode == 0, result.stderr
        assert (folder / (name + ".pyi")).is_file()
    return folder


def mypy(folder: pathlib.Path, *files: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "mypy", "--python-executable", sys.executable, "--no-incremental"]
    command += ["--cache-dir", str(folder / ".mypy_cache"), *files]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=600)


def test_mypy_reads_the_stubs_and_finds_each_mistake(built):
    (built / "uses.py").write_text(USES)
    lines = USES.splitlines()
    first_mistake = len(lines) + 1
    (built / "mistakes.py").write_text(USES + "\n".join(MISTAKES) + "\n")
    result = mypy(built, "uses.py", "mistakes.py")
    report = result.stdout + result.stderr
    errors = re.findall(r"^(\w+\.pyi?):(\d+): error: (.*)$", report, re.M)
    assert errors, report
    # The right uses and the stubs themselves check clean.
    assert [e for e in errors if e[0] != "mistakes.py"] == [], report
    found = {}
    for _, line, message in errors:
        found.setdefault(int(line), []).append(message)
    for number, (code, message) in enumerate(MISTAKES.items(), start=first_mistake):
        assert any(message in m for m in found.get(number, [])), (code, report)
    assert sorted(found) == list(range(first_mistake, first_mistake + len(MISTAKES))), report


def test_a_stub_shows_the_signature_and_shapes(built):
    stub = (built / "digits.pyi").read_text()
    assert "def logits(m: Mlp, x: torch.Tensor, mode: _ss_rt.Mode) -> torch.Tensor:" in stub
    assert '"""logits(m: Mlp, x: [b P], mode: Mode) -> [b C] Logit over C  (digits.ss:19)"""' in stub
    assert "def main(epochs: int = 20) -> None:" in stub
    assert "    w1: torch.nn.Parameter  # [P H]" in stub


def test_no_stub_is_written_over_the_source_or_for_stdout(tmp_path):
    source = tmp_path / "twice.pyi"
    source.write_text("fn twice(x: [n]) -> [n]:\n    return x * 2.0\n")
    result = run_build([source, "-o", tmp_path / "twice.py"])
    assert result.returncode == 2 and "would replace the source file" in result.stderr
    assert source.read_text().startswith("fn twice")
    result = run_build([source, "-o", "-"])
    assert result.returncode == 0 and "def twice" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["twice.pyi"]
