"""Fixtures for the real-editor tests: the built server (SS_BIN_DIR, set by
CTest; build/bin when run by hand), the one a clean set-up installs, and a
copy of examples/attention.ss with one shape error. Helpers are in
editor_harness.py."""

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from editor_harness import BAD_LINE, GOOD_LINE, REPO, RUN_TIMEOUT, BrokenExample, bin_dir_path


@pytest.fixture(scope="session")
def bin_dir() -> Path:
    path = bin_dir_path()
    for program in ("shapescript", "shapescript-lsp"):
        if not (path / program).exists():
            pytest.fail(f"no {program} binary in {path}: build first (bash scripts/setup)")
    return path


@pytest.fixture(scope="session")
def lsp_path(bin_dir) -> Path:
    return bin_dir / "shapescript-lsp"


@dataclass
class ServerChoice:
    """How an editor finds the server: `build`, this build's, by its path;
    `installed`, the editor's default (`shapescript-lsp` from PATH) with
    PATH as scripts/setup leaves it, the venv's bin/ first."""

    kind: str
    program: Path
    env: dict

    @property
    def explicit(self) -> bool:
        return self.kind == "build"


@pytest.fixture(scope="module", params=["build", "installed"])
def server_choice(request, lsp_path) -> ServerChoice:
    if request.param == "build":
        return ServerChoice("build", lsp_path, {})
    # scripts/setup's `pip install .` puts shapescript-lsp beside the venv's
    # python, which runs these tests.
    venv_bin = Path(sys.executable).parent
    program = venv_bin / "shapescript-lsp"
    if not program.exists():
        pytest.skip(f"no {program}: this Python is not the venv scripts/setup installs into")
    return ServerChoice("installed", program, {"PATH": f"{venv_bin}{os.pathsep}{os.environ.get('PATH', '')}"})


@pytest.fixture(scope="module")
def broken_attention(tmp_path_factory, bin_dir) -> BrokenExample:
    text = (REPO / "examples" / "attention.ss").read_text()
    assert text.count(GOOD_LINE) == 1, "examples/attention.ss changed: update the mutation in tests/editors/conftest.py"
    text = text.replace(GOOD_LINE, BAD_LINE)
    folder = tmp_path_factory.mktemp("project")
    path = folder / "attention.ss"
    path.write_text(text)
    line = text.split("\n").index(BAD_LINE)
    col = BAD_LINE.index("m n,")
    # The checker must agree that this is the file's one error, so that the
    # editors' results below are compared with what `shapescript check` says.
    run = subprocess.run(
        [str(bin_dir / "shapescript"), "check", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
    )
    found = [(d["code"], d["line"] - 1, d["column"] - 1) for d in json.loads(run.stdout)]
    assert found == [("E0408", line, col)], f"`shapescript check` on the mutated example: {run.stdout}{run.stderr}"
    return BrokenExample(path=path, text=text, error_code="E0408", error_line=line, error_col=col)
