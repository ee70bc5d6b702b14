"""docs/tutorial.md runs as written: its blocks in order, in an empty
folder, with the built `shapescript` and the venv's `python` first on
PATH. A file block (```ss file=NAME, ```python file=NAME) is written; each
line of a shell block must succeed, or fail where it says `# exits 1`; an
output block's lines must be in what the shell block before it printed."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```(\w+)(?: file=(\S+))?\n(.*?)^```$", re.M | re.S)


def blocks():
    return FENCE.findall((ROOT / "docs" / "tutorial.md").read_text())


def test_the_tutorial_has_its_parts():
    kinds = [kind for kind, _, _ in blocks()]
    assert kinds.count("ss") >= 3 and kinds.count("sh") >= 4 and kinds.count("text") >= 3


def test_the_tutorial_runs_as_written(bin_dir, tmp_path):
    # The built programs first, then `python` of the venv running the tests.
    venv_bin = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=os.pathsep.join([str(bin_dir), venv_bin, os.environ["PATH"]]))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "runtime"), os.environ.get("PYTHONPATH")]))
    env.pop("NO_COLOR", None)
    work = tmp_path / "work"
    work.mkdir()
    printed = None
    for kind, name, body in blocks():
        if name:
            (work / name).write_text(body)
        elif kind == "sh":
            printed = ""
            for line in filter(None, (line.strip() for line in body.splitlines())):
                ran = subprocess.run(
                    ["bash", "-c", line], cwd=work, env=env, capture_output=True, text=True, timeout=600
                )
                want = 1 if line.endswith("# exits 1") else 0
                assert ran.returncode == want, f"`{line}` exited {ran.returncode}:\n{ran.stdout}{ran.stderr}"
                printed += ran.stdout + ran.stderr
        elif kind == "text":
            assert printed is not None, "an output block before any shell block"
            for expected in body.splitlines():
                assert expected in printed, f"expected `{expected}` in:\n{printed}"
    assert (work / "tiny_gpt.pt2").exists()
