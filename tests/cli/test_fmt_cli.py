"""`shapescript fmt` end to end: in place, --check, --stdout, standard input,
refused and unreadable files, exit codes, idempotence on the examples, and
the examples and the README's code as `fmt` writes them.
The style itself is tested in tests/unit/test_format.cpp."""

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

MESSY = "dim D=768\r\nfn f( x:[b  n D] )->[b n D] :   \r\n  return x|>g( over = D )\r\n\r\n\r\n\r\n"
TIDY = "dim D = 768\nfn f(x: [b n D]) -> [b n D]:\n    return x |> g(over=D)\n"
# The parameter list is not closed before `->`.
BROKEN = "fn f(x: [b n D] -> [b n D]:\n      return x\n"
REFUSED = re.compile(r"^(?P<file>[^\n:]+):(?P<line>\d+):(?P<col>\d+): cannot format: (?P<why>.+)$", re.M)


def out(result) -> str:
    return result.stdout.decode("utf-8", errors="replace")


def err(result) -> str:
    return result.stderr.decode("utf-8", errors="replace")


def files_in(folder: Path):
    """What a folder holds: no temporary file may be left behind."""
    return sorted(p.name for p in folder.iterdir())


# --- in place ------------------------------------------------------------------


def test_formats_in_place(ss):
    f = ss.write("m.ss", MESSY)
    os.chmod(f, 0o640)
    result = ss.run("fmt", "m.ss")
    assert result.returncode == 0, err(result)
    assert f.read_bytes() == TIDY.encode()
    assert stat.S_IMODE(f.stat().st_mode) == 0o640
    assert out(result) == ""
    assert "1 file reformatted" in err(result)
    assert files_in(ss.tmp) == ["m.ss"]


def test_formatted_file_is_not_rewritten(ss):
    f = ss.write("ok.ss", TIDY)
    before = f.stat()
    result = ss.run("fmt", f)
    assert result.returncode == 0, err(result)
    after = f.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert "1 already formatted" in err(result)


def test_several_files_and_a_symlink(ss):
    a = ss.write("a.ss", MESSY)
    b = ss.write("sub/b.ss", MESSY)
    link = ss.tmp / "link.ss"
    link.symlink_to(b)
    result = ss.run("fmt", "a.ss", "link.ss")
    assert result.returncode == 0, err(result)
    assert a.read_text() == TIDY
    assert b.read_text() == TIDY
    assert link.is_symlink()  # the file it names was replaced, not the link
    assert files_in(ss.tmp) == ["a.ss", "link.ss", "sub"] and files_in(ss.tmp / "sub") == ["b.ss"]


# --- --check -------------------------------------------------------------------


def test_check_lists_files_that_would_change_and_changes_nothing(ss):
    messy = ss.write("messy.ss", MESSY)
    tidy = ss.write("tidy.ss", TIDY)
    result = ss.run("fmt", "--check", "messy.ss", "tidy.ss")
    assert result.returncode == 1
    assert out(result).splitlines() == ["messy.ss"]
    assert "1 file would be reformatted" in err(result)
    assert messy.read_bytes() == MESSY.encode()
    assert tidy.read_bytes() == TIDY.encode()


def test_check_passes_on_formatted_files(ss):
    ss.write("tidy.ss", TIDY)
    result = ss.run("fmt", "--check", "tidy.ss")
    assert result.returncode == 0, err(result)
    assert out(result) == ""


# --- --stdout and standard input -----------------------------------------------


def test_stdout_prints_and_leaves_the_file(ss):
    f = ss.write("m.ss", MESSY)
    result = ss.run("fmt", "--stdout", f)
    assert result.returncode == 0, err(result)
    assert out(result) == TIDY
    assert f.read_bytes() == MESSY.encode()


def test_stdin_to_stdout(ss):
    result = subprocess.run(
        [str(ss.bin_dir / "shapescript"), "fmt", "-"], input=MESSY.encode(), capture_output=True, cwd=ss.tmp, timeout=60
    )
    assert result.returncode == 0, err(result)
    assert out(result) == TIDY
    assert err(result) == ""


def test_stdin_check(ss):
    def run(text):
        return subprocess.run(
            [str(ss.bin_dir / "shapescript"), "fmt", "--check", "-"],
            input=text.encode(),
            capture_output=True,
            cwd=ss.tmp,
            timeout=60,
        )

    changed, same = run(MESSY), run(TIDY)
    assert changed.returncode == 1 and out(changed) == "<stdin>\n"
    assert same.returncode == 0 and out(same) == ""


def test_indent_option(ss):
    f = ss.write("m.ss", MESSY)
    result = ss.run("fmt", "--stdout", "--indent", "2", f)
    assert result.returncode == 0, err(result)
    assert out(result) == TIDY.replace("    return", "  return")


# --- refused and unreadable files ------------------------------------------------


def test_syntax_error_is_refused_and_the_file_untouched(ss):
    bad = ss.write("bad.ss", BROKEN)
    good = ss.write("good.ss", MESSY)
    result = ss.run("fmt", "bad.ss", "good.ss")
    assert result.returncode == 1
    m = REFUSED.search(err(result))
    assert m, err(result)
    assert (m["file"], m["line"], m["col"]) == ("bad.ss", "1", "16")
    assert "expected `)`" in m["why"]
    assert bad.read_bytes() == BROKEN.encode()
    assert good.read_text() == TIDY  # the other files are still formatted
    assert files_in(ss.tmp) == ["bad.ss", "good.ss"]


def test_refused_positions_count_code_points(ss):
    ss.write("bad.ss", "# é\ndim É = (1\n")
    result = ss.run("fmt", "--check", "bad.ss")
    assert result.returncode == 1
    m = REFUSED.search(err(result))
    assert m and m["line"] == "2", err(result)


def test_invalid_utf8_is_refused(ss):
    f = ss.write("bytes.ss", b"dim D = 4  # caf\xe9\n")
    result = ss.run("fmt", f)
    assert result.returncode == 1
    assert "UTF-8" in err(result)
    assert f.read_bytes() == b"dim D = 4  # caf\xe9\n"


def test_unreadable_files(ss):
    ss.write("good.ss", MESSY)
    (ss.tmp / "folder").mkdir()
    result = ss.run("fmt", "missing.ss", "folder", "good.ss")
    assert result.returncode == 2
    assert "shapescript: error: missing.ss: no such file" in err(result)
    assert "shapescript: error: folder: is a directory" in err(result)
    assert (ss.tmp / "good.ss").read_text() == TIDY


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_is_an_error_and_the_file_is_kept(ss):
    f = ss.write("ro/m.ss", MESSY)
    os.chmod(ss.tmp / "ro", 0o555)
    try:
        result = ss.run("fmt", f)
    finally:
        os.chmod(ss.tmp / "ro", 0o755)
    assert result.returncode == 2
    assert "cannot write" in err(result)
    assert f.read_bytes() == MESSY.encode()
    assert files_in(ss.tmp / "ro") == ["m.ss"]


def test_usage_errors(ss):
    ss.write("m.ss", MESSY)
    for args in (
        ["--check", "--stdout", "m.ss"],
        [],
        ["--frobnicate", "m.ss"],
        ["--indent", "0", "m.ss"],
        ["--indent"],
    ):
        result = ss.run("fmt", *args)
        assert result.returncode == 2, args
        assert "usage: shapescript fmt" in err(result)
    assert (ss.tmp / "m.ss").read_bytes() == MESSY.encode()
    result = ss.run("fmt", "--help")
    assert result.returncode == 0 and "--check" in out(result)


# --- the examples ------------------------------------------------------------------


def clean_examples(ss):
    files = sorted((REPO / "examples").rglob("*.ss"))
    assert files
    clean = []
    for path in files:
        check = ss.run("check", "--format", "json", path)
        if '"E00' not in out(check):  # no syntax error
            clean.append(path)
    return clean


def test_examples_format_idempotently(ss):
    examples = clean_examples(ss)
    assert len(examples) >= 5
    copies = []
    for path in examples:
        # In the same folders: a program of several files imports its own.
        copy = ss.tmp / "examples" / path.relative_to(REPO / "examples")
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)
        copies.append(copy)
    first = ss.run("fmt", *copies)
    assert first.returncode == 0, err(first)
    formatted = [c.read_bytes() for c in copies]
    # Formatting again changes nothing, and --check agrees.
    again = ss.run("fmt", "--check", *copies)
    assert again.returncode == 0, out(again) + err(again)
    for copy, text in zip(copies, formatted, strict=True):
        assert ss.run("fmt", "--stdout", copy).stdout == text
    # Formatted files still check the same way as the originals.
    for path, copy in zip(examples, copies, strict=True):
        before = ss.run("check", "--format", "json", path)
        after = ss.run("check", "--format", "json", copy)
        assert before.returncode == after.returncode, path


def test_readme_and_examples_are_as_fmt_writes_them(ss):
    # The examples people copy from: every examples/*.ss and the README's
    # ```ss blocks (examples/mistakes/ keeps its own layout).
    examples = sorted((REPO / "examples").glob("*.ss"))
    assert len(examples) >= 10
    result = ss.run("fmt", "--check", *examples)
    assert result.returncode == 0, out(result) + err(result)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```ss\n(.*?)^```$", readme, flags=re.S | re.M)
    assert len(blocks) >= 2
    for i, block in enumerate(blocks):
        result = ss.run("fmt", "--stdout", ss.write(f"readme_{i}.ss", block))
        assert result.returncode == 0, err(result)
        assert out(result) == block, f"README.md's ```ss block {i + 1} is not as `shapescript fmt` writes it"


def test_examples_with_syntax_errors_are_refused(ss):
    broken = REPO / "examples" / "mistakes" / "syntax_errors.ss"
    copy = ss.tmp / "syntax_errors.ss"
    shutil.copyfile(broken, copy)
    result = ss.run("fmt", copy)
    assert result.returncode == 1
    assert REFUSED.search(err(result))
    assert copy.read_bytes() == broken.read_bytes()
