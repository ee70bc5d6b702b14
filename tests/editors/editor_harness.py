"""Helpers of the real-editor tests (tests/editors): the repository's
paths, the mutated example, a runner for headless editors that times out
rather than hangs, and the reading of the results the editors' scripts
write. Fixtures are in conftest.py."""

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

# The seconds one editor run may take, and each step inside it (waiting for
# the server, for diagnostics, for a response).
RUN_TIMEOUT = 60
STEP_TIMEOUT = 20


def bin_dir_path() -> Path:
    value = os.environ.get("SS_BIN_DIR")
    if value:
        return Path(value).resolve()
    return REPO / "build" / "bin"


# examples/attention.ss with `att`'s axes swapped in the last einsum: the
# pattern calls att's axis 3 `m`, but `m` is its axis 4 (E0408).
GOOD_LINE = "    return einsum(att, v: b H n m, b H m Dh -> b H n Dh)"
BAD_LINE = "    return einsum(att, v: b H m n, b H m Dh -> b H n Dh)"


@dataclass
class BrokenExample:
    path: Path
    text: str
    error_code: str
    error_line: int  # 0-based
    error_col: int  # 0-based, UTF-16 (the text is ASCII)

    def lines(self):
        return self.text.split("\n")

    def find(self, line_start: str, word: str):
        """(line, column), 0-based, of `word` in the line starting with `line_start`."""
        for i, line in enumerate(self.lines()):
            if line.lstrip().startswith(line_start):
                m = re.search(rf"\b{re.escape(word)}\b", line)
                assert m, f"no `{word}` in line {i + 1}: {line!r}"
                return i, m.start()
        raise AssertionError(f"no line starts with {line_start!r}")


def need(program: str) -> str:
    path = shutil.which(program)
    if not path:
        pytest.skip(f"{program} is not installed (bash scripts/setup-tests installs it)")
    return path


def server_version(program: Path) -> str:
    """The version `shapescript-lsp --version` prints (`shapescript-lsp 0.5.0`),
    the one its serverInfo gives."""
    run = subprocess.run([str(program), "--version"], capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert run.returncode == 0, run.stderr
    return run.stdout.split()[-1]


def run_editor(args, env_extra, cwd, timeout=RUN_TIMEOUT):
    """Run a headless editor; a pytest failure, with its output, when it hangs."""
    env = dict(os.environ)
    env.update({k: str(v) for k, v in env_extra.items()})
    try:
        return subprocess.run(
            [str(a) for a in args],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as e:

        def tail(data):
            data = data or b""
            return (data.decode(errors="replace") if isinstance(data, bytes) else data)[-4000:]

        pytest.fail(
            f"{args[0]} did not finish in {timeout} s\n--- stdout:\n{tail(e.stdout)}\n--- stderr:\n{tail(e.stderr)}"
        )


def read_results(path: Path, run, extra_logs=()):
    """The JSON an editor script wrote; a failure showing its output when it
    wrote none or reported errors."""
    logs = "".join(f"\n--- {log}:\n{log.read_text(errors='replace')[-6000:]}" for log in extra_logs if log.exists())
    context = (
        f"exit status {run.returncode}\n--- stdout:\n{run.stdout[-4000:]}\n--- stderr:\n{run.stderr[-4000:]}{logs}"
    )
    if not path.exists():
        pytest.fail(f"the editor wrote no results\n{context}")
    results = json.loads(path.read_text())
    errors = results.get("errors") or ([results["error"]] if results.get("error") else [])
    if errors or run.returncode != 0:
        pytest.fail("the editor script failed:\n" + "\n".join(errors) + f"\n{context}")
    return results


def hover_text(hover) -> str:
    """The text of a Hover's contents, whatever form they take."""
    assert hover, "no hover"
    contents = hover["contents"]
    if isinstance(contents, str):
        return contents
    if isinstance(contents, dict):
        return contents["value"]
    return "\n".join(c if isinstance(c, str) else c["value"] for c in contents)
