"""Writes go only where asked (docs/cli.md, "Output files"): `build`,
`export` and the Python API refuse an output that is a directory, a FIFO,
a socket or a device node, one in a missing folder or one they can't write
in, and one that is the source itself (or a link to it), with exit status
2 and a message, before anything runs; the file named is left as it was
and nothing else appears. A name that isn't UTF-8 works."""

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

SMALL = "export fn double(x: [n]) -> [n]:\n    return x * 2.0\n"
SOURCE_NAME = "small.ss"
RUNTIME = Path(__file__).resolve().parents[2] / "runtime"


def python():
    return os.environ.get("SHAPESCRIPT_PYTHON") or sys.executable


def specials(folder):
    """Things an output must never replace: name -> (path, the stat test it passes)."""
    made = {}
    (folder / "a_dir").mkdir()
    made["directory"] = (folder / "a_dir", stat.S_ISDIR)
    os.mkfifo(folder / "a_fifo")
    made["FIFO"] = (folder / "a_fifo", stat.S_ISFIFO)
    # A socket's path is at most 107 bytes: bound from the folder itself.
    here = os.getcwd()
    os.chdir(folder)
    try:
        s = socket.socket(socket.AF_UNIX)
        s.bind("a_socket")
        s.close()
    finally:
        os.chdir(here)
    made["socket"] = (folder / "a_socket", stat.S_ISSOCK)
    if os.geteuid() == 0:  # a device node of our own, never /dev's
        os.mknod(folder / "a_device", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        made["character device"] = (folder / "a_device", stat.S_ISCHR)
    os.symlink("a_fifo", folder / "link_to_fifo")
    made["link to a FIFO"] = (folder / "link_to_fifo", stat.S_ISFIFO)
    return made


def listing(folder):
    return sorted(os.listdir(folder))


def refused(result, *words):
    err = result.stderr.decode(errors="replace")
    assert result.returncode == 2, (result.returncode, err)
    for word in words:
        assert word in err, err
    return err


@pytest.mark.parametrize("command", ["build", "export"])
def test_a_special_file_is_refused_and_left_as_it_is(ss, command):
    source = ss.write(SOURCE_NAME, SMALL)
    for what, (path, is_kind) in specials(ss.tmp).items():
        before = listing(ss.tmp)
        result = ss.run(command, source, "-o", path, "--python", python()) if command == "export" else None
        if command == "build":
            result = ss.run("build", source, "-o", path)
        refused(result, "expected a regular file", "(left as it is)")
        assert is_kind(os.stat(path).st_mode), f"{what} was replaced"
        assert listing(ss.tmp) == before, f"{command} -o {what} left files behind"


@pytest.mark.parametrize("command", ["build", "export"])
def test_a_missing_or_unwritable_folder_is_refused(ss, command):
    source = ss.write(SOURCE_NAME, SMALL)
    extra = ["--python", python()] if command == "export" else []
    refused(ss.run(command, source, "-o", ss.tmp / "no_such" / "out.x", *extra), "no_such", "(nothing written)")
    assert not (ss.tmp / "no_such").exists()
    (ss.tmp / "a_file").write_text("")
    refused(ss.run(command, source, "-o", ss.tmp / "a_file" / "out.x", *extra), "expected a folder")
    # /proc takes no new files, root or not.
    refused(ss.run(command, source, "-o", "/proc/shapescript-out.x", *extra), "cannot write")


@pytest.mark.parametrize("command", ["build", "export"])
def test_the_source_itself_or_a_link_to_it_is_refused(ss, command):
    source = ss.write(SOURCE_NAME, SMALL)
    os.symlink(SOURCE_NAME, ss.tmp / "link.ss")
    os.link(source, ss.tmp / "hard.ss")
    extra = ["--python", python()] if command == "export" else []
    for out in (source, ss.tmp / "link.ss", ss.tmp / "hard.ss"):
        refused(ss.run(command, source, "-o", out, *extra), "source file")
        assert source.read_text() == SMALL


def test_export_to_a_name_that_isnt_utf8_works(ss):
    source = ss.write(SOURCE_NAME, SMALL)
    out = os.path.join(os.fsencode(ss.tmp), b"caf\xe9.pt2")  # Latin-1, not UTF-8
    result = subprocess.run(
        [str(ss.bin_dir / "shapescript"), "export", str(source), "-o", out, "--python", python()],
        capture_output=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    load = (
        "import sys, os, torch\n"
        "p = torch.export.load(open(os.fsencode(sys.argv[1]), 'rb')).module()\n"
        "print(p(torch.ones(3)).tolist())\n"
    )
    ran = subprocess.run([python(), "-c", load, out], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[2.0, 2.0, 2.0]"
    assert not [n for n in os.listdir(os.fsencode(ss.tmp)) if n.startswith(b".")]  # no temporary file left


def test_the_python_api_refuses_the_same(ss):
    """shapescript.export(..., output=...): the compiler checks the output
    first (ValueError, its message), and the runtime again before it
    renames (files.replacing)."""
    source = ss.write(SOURCE_NAME, SMALL)
    made = specials(ss.tmp)
    script = r"""
import sys, shapescript
source, outputs = sys.argv[1], sys.argv[2:]
for out in outputs:
    try:
        shapescript.export(source, output=out)
    except ValueError as e:
        print("refused", out, str(e).splitlines()[0])
    else:
        print("written", out)
"""
    outputs = [str(p) for p, _ in made.values()] + [str(source), str(ss.tmp / "no_such" / "x.pt2")]
    env = dict(os.environ, PYTHONPATH=str(RUNTIME), SHAPESCRIPT_BIN=str(ss.bin_dir / "shapescript"))
    ran = subprocess.run(
        [python(), "-c", script, str(source), *outputs], capture_output=True, text=True, env=env, timeout=600
    )
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert len(lines) == len(outputs) and all(line.startswith("refused ") for line in lines), ran.stdout
    for path, is_kind in made.values():
        assert is_kind(os.stat(path).st_mode)
    assert source.read_text() == SMALL


def test_the_runtime_refuses_a_special_file_before_the_rename(tmp_path):
    """files.replacing, which every file Python writes goes through: a FIFO
    made while the file is being written is still not replaced."""
    sys.path.insert(0, str(RUNTIME))
    from shapescript import files

    target = tmp_path / "out.bin"
    with pytest.raises(ValueError, match="expected a regular file, found a FIFO"):
        with files.replacing(target) as tmp:
            with open(tmp, "w") as f:
                f.write("data")
            os.mkfifo(target)  # someone made it meanwhile
    assert stat.S_ISFIFO(os.stat(target).st_mode)
    assert listing(tmp_path) == ["out.bin"]
    with pytest.raises(ValueError, match="found no"):
        with files.replacing(tmp_path / "no_such" / "x", make_folder=False):
            pass
    with files.replacing(tmp_path / "made" / "x") as tmp:  # a checkpoint's folder is made
        open(tmp, "w").close()
    assert (tmp_path / "made" / "x").exists()


@pytest.mark.parametrize("command", ["build", "export"])
def test_a_descriptor_a_read_only_file_a_dangling_link_and_no_name_are_refused(ss, command):
    """`-o /dev/stdout` would replace the file a shell redirected there (its
    earlier text lost); a read-only file is the user's own refusal; a link
    to nothing names no file; `-o ''` is not the default output."""
    source = ss.write(SOURCE_NAME, SMALL)
    extra = ["--python", python()] if command == "export" else []
    log = ss.tmp / "log.txt"
    log.write_text("earlier log\n")
    with open(log, "a") as redirected:
        result = subprocess.run(
            [str(ss.bin_dir / "shapescript"), command, str(source), "-o", "/dev/stdout", *extra],
            stdout=redirected,
            stderr=subprocess.PIPE,
            timeout=600,
        )
    refused(result, "open descriptor")
    assert log.read_text() == "earlier log\n"
    read_only = ss.write("read_only.out", "kept\n")
    os.chmod(read_only, 0o444)
    if os.geteuid() != 0:  # root may write any file: the mode then refuses nothing
        refused(ss.run(command, source, "-o", read_only, *extra), "read-only")
        assert read_only.read_text() == "kept\n"
    os.symlink("missing_target", ss.tmp / "dangling.out")
    refused(ss.run(command, source, "-o", ss.tmp / "dangling.out", *extra), "link to nothing")
    assert not (ss.tmp / "missing_target").exists()
    refused(ss.run(command, source, "-o", "", *extra), "empty")


@pytest.mark.parametrize("command", ["build", "export"])
def test_a_link_to_a_file_is_followed_by_every_writer(ss, command):
    """One rule for links: the file a link names is replaced, the link kept."""
    source = ss.write(SOURCE_NAME, SMALL)
    extra = ["--python", python()] if command == "export" else []
    target = ss.write("target.out", "old\n")
    os.symlink("target.out", ss.tmp / "link.out")
    result = ss.run(command, source, "-o", ss.tmp / "link.out", *extra)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert os.path.islink(ss.tmp / "link.out")
    assert target.read_bytes() != b"old\n"


def test_a_name_as_long_as_the_folder_allows_is_written(ss):
    """The temporary file's name is short: a 250-byte name still fits."""
    source = ss.write(SOURCE_NAME, SMALL)
    out = ss.tmp / ("b" * 250 + ".py")
    result = ss.run("build", source, "-o", out)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert out.read_text().startswith("# Generated by shapescript")


def test_the_export_module_goes_to_a_folder_of_its_own(ss):
    """The module Python traces is written in a new private folder: a link
    planted at a name others could guess is never written through."""
    source = ss.write(SOURCE_NAME, SMALL)
    victim = ss.write("victim.txt", "precious\n")
    temp = ss.tmp / "tmp"
    temp.mkdir()
    script = (
        'ln -s "$1" "$TMPDIR/shapescript-export-$$.py"; ln -s "$1" "$TMPDIR/module.py"; '
        'exec "$2" export "$3" -o "$4" --python "$5"'
    )
    result = subprocess.run(
        [
            "sh",
            "-c",
            script,
            "sh",
            str(victim),
            str(ss.bin_dir / "shapescript"),
            str(source),
            str(ss.tmp / "o.pt2"),
            python(),
        ],
        env=dict(os.environ, TMPDIR=str(temp)),
        capture_output=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert victim.read_text() == "precious\n"
    # The private folder is removed after Python (torch may leave caches of its own).
    left = [n for n in os.listdir(temp) if n.startswith("shapescript-export-") and not os.path.islink(temp / n)]
    assert not left, left
