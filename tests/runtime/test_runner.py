"""python -m shapescript.runner, with the stand-in compiler."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from runtime_testing import ROOT
from shapescript import runner, sinks

SOURCE = textwrap.dedent("""\
    # A program for the runner; the fake compiler's "generated code" is the #> lines.
    #> _ss_sig_main = _ss_rt.Signature("main", "run.ss:1", (
    #>     ("epochs", _ss_rt.ScalarSpec("int")), ("rate", _ss_rt.ScalarSpec("float")),
    #>     ("name", _ss_rt.ScalarSpec("str")), ("flag", _ss_rt.ScalarSpec("bool"))))
    #> def main(epochs=2, rate=0.5, name="x", flag=False):
    #>     if _ss_checks: _ss_rt.check_args(_ss_sig_main, (epochs, rate, name, flag), _ss_value_checks)
    #>     # run.ss:3
    #>     for e in range(epochs):
    #>         # run.ss:4
    #>         _ss_rt.log(epoch=e, loss=rate / (e + 1))
    #>     # run.ss:5
    #>     return "%r %r %r %r" % (epochs, rate, name, flag)
    #> def nothing():
    #>     pass
    #> def fail(n=1):
    #>     # run.ss:9
    #>     return 1 / (n - n)
""")


@pytest.fixture
def program(tmp_path, fake_compiler, monkeypatch, clean_modules):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sinks, "_opened", [])
    path = tmp_path / "run.ss"
    path.write_text(SOURCE)
    previous = sinks.log_to()
    yield path
    sinks.log_to(*previous)


def run(capsys, *args):
    code = runner.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_defaults(program, capsys, tmp_path):
    code, out, err = run(capsys, program)
    assert (code, out) == (0, "2 0.5 'x' False\n")
    folder = tmp_path / "runs" / "run"
    assert sorted(p.name for p in folder.iterdir()) == ["curves.png", "log.jsonl"]
    records = [json.loads(line) for line in (folder / "log.jsonl").read_text().splitlines()]
    assert [r["loss"] for r in records] == [0.5, 0.25]
    assert err == "step 0: epoch=0 loss=0.5\nstep 1: epoch=1 loss=0.25\n"


def test_arguments_and_sinks(program, capsys, tmp_path):
    code, out, err = run(
        capsys,
        program,
        3,
        "--rate=0.25",
        "--name",
        "y",
        "--flag",
        "true",
        "--log-dir",
        tmp_path / "logs",
        "--sinks",
        "csv,tensorboard",
    )
    assert (code, out) == (0, "3 0.25 'y' True\n"), err
    assert sorted(p.name for p in (tmp_path / "logs").iterdir()) == ["log.csv", "tb"]
    assert len((tmp_path / "logs" / "log.csv").read_text().splitlines()) == 4


def test_double_dash_ends_the_runners_options(program, capsys):
    code, out, _ = run(capsys, program, "--", "--name", "--sinks")
    assert (code, out) == (0, "2 0.5 '--sinks' False\n")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--epochs", "abc"], "argument `epochs`: expected int, found 'abc'"),
        (["--flag", "maybe"], "argument `flag`: expected a bool (true or false), found 'maybe'"),
        (["--foo", "1"], "main() has no parameter `foo`; it takes --epochs (default 2), --rate (default 0.5)"),
        (["1", "2", "3", "4", "5"], "main(): too many positional arguments"),
        (["--epochs"], "--epochs needs a value"),
        (["--sinks", "terminal,paper"], "unknown sink 'paper'"),
        (["--checks", "often"], "--checks must be always, debug or never"),
        (["--fn", "nope"], "has no function `nope` (its functions: fail, main, nothing)"),
    ],
)
def test_bad_command_lines(program, capsys, args, message):
    code, out, err = run(capsys, program, *args)
    assert code == 2 and message in err and out == ""


def test_no_file(capsys):
    code, _, err = run(capsys)
    assert code == 2 and "usage: python -m shapescript.runner FILE" in err


def test_none_is_not_printed(program, capsys):
    assert run(capsys, program, "--fn", "nothing") == (0, "", "")


def test_a_program_that_doesnt_compile(program, capsys):
    program.write_text(SOURCE + "# fake: error\n")
    code, out, err = run(capsys, program)
    assert code == 1 and "error[E0408]" in err and out == ""


def test_an_exception_shows_the_ss_line(program, capsys):
    code, out, err = run(capsys, program, "--fn", "fail", "3")
    assert code == 1
    assert "ZeroDivisionError" in err and "    (from run.ss, line 9)\n" in err
    assert "runner.py" not in err and err.startswith("Traceback (most recent call last):\n  File ")


def test_as_a_module(program, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "runtime"))
    r = subprocess.run(
        [sys.executable, "-m", "shapescript.runner", str(program), "--epochs", "1", "--sinks", "jsonl"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout == "1 0.5 'x' False\n"
    assert (tmp_path / "runs" / "run" / "log.jsonl").is_file()


def test_devices_go_to_the_compiler(program, capsys, monkeypatch):
    seen = []
    load = runner.compiler.load
    monkeypatch.setattr(runner.compiler, "load", lambda *a, **k: seen.append(k.get("devices")) or load(*a, **k))
    assert run(capsys, program, "--devices", "cpu")[0] == 0
    assert run(capsys, program)[0] == 0
    assert seen == ["cpu", None]


def test_a_log_never_replaces_the_source_nor_goes_to_a_special_file(program, capsys, tmp_path):
    """The log files are checked as every output is (files.output_problem),
    and the program's own source is never one of them."""
    os.makedirs(tmp_path / "runs" / "run")
    os.symlink(program, tmp_path / "runs" / "run" / "log.jsonl")
    code, _, err = run(capsys, program, "--sinks", "jsonl")
    assert code == 2 and "is the program's source" in err
    assert program.read_text() == SOURCE
    os.unlink(tmp_path / "runs" / "run" / "log.jsonl")
    os.mkfifo(tmp_path / "runs" / "run" / "log.jsonl")
    code, _, err = run(capsys, program, "--sinks", "jsonl")
    assert code == 2 and "expected a regular file, found a FIFO" in err
    code, _, err = run(capsys, program, "--log-dir", program)
    assert code == 2 and "expected a folder for the logs, found a file" in err
    assert program.read_text() == SOURCE


def test_a_source_that_isnt_a_regular_file_is_refused_at_once(program, capsys, tmp_path):
    os.mkfifo(tmp_path / "fifo.ss")  # read, it would wait for a writer forever
    code, _, err = run(capsys, tmp_path / "fifo.ss")
    assert code == 2 and "expected a regular file, found a FIFO" in err
    code, _, err = run(capsys, "/dev/zero")  # read, it would never end
    assert code == 2 and "found a character device" in err
