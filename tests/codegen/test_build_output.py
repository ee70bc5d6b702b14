"""`shapescript build` never overwrites its source, and never replaces what
isn't a regular file (docs/cli.md): such an output is refused with exit 2."""

import os
import stat

import pytest

from conftest import EXAMPLES, run_build

SOURCE = (EXAMPLES / "attention.ss").read_text()


@pytest.mark.parametrize("how", ["itself", "symlink", "hardlink"])
def test_an_output_that_is_the_source_is_refused(tmp_path, how):
    src = tmp_path / "attn.ss"
    src.write_text(SOURCE)
    out = {"itself": src, "symlink": tmp_path / "link.py", "hardlink": tmp_path / "hard.py"}[how]
    if how == "symlink":
        out.symlink_to(src.name)
    elif how == "hardlink":
        os.link(src, out)
    result = run_build([src, "-o", out])
    assert result.returncode == 2, result.stderr
    assert "is the source file" in result.stderr and "expected another file" in result.stderr
    assert src.read_text() == SOURCE
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({src.name, out.name})  # nothing else written


def test_a_py_source_with_the_default_output_is_refused(tmp_path):
    # Python-looking source: its default output (FILE with .py) is the file itself.
    src = tmp_path / "model.py"
    src.write_text(SOURCE)
    result = run_build([src])
    assert result.returncode == 2, result.stderr
    assert "is the source file" in result.stderr and "-o" in result.stderr
    assert src.read_text() == SOURCE


def test_an_output_that_is_not_a_regular_file_is_left_as_it_is(tmp_path):
    # A FIFO (like a device) would be replaced by a regular file if renamed over.
    fifo = tmp_path / "out.py"
    os.mkfifo(fifo)
    result = run_build([EXAMPLES / "attention.ss", "-o", fifo])
    assert result.returncode == 2, result.stderr
    assert "expected a regular file, found a FIFO" in result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["out.py"]  # no temporary file left
