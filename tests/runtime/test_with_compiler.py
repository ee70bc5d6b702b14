"""The runtime with the real compiler ($SHAPESCRIPT_BIN, which CTest sets;
without it these tests fail, saying so)."""

import json
import os
import subprocess
import sys
import textwrap

import pytest
import torch

import shapescript
from runtime_testing import ROOT, real_compiler
from shapescript import ArgumentError, ShapeScriptError, runner, sinks

SMALL = textwrap.dedent("""\
    dim D = 4

    fn double(x: [n D]) -> [n D]:
        return scale(x, 2.0)
""")


@pytest.fixture
def real(monkeypatch, cache, clean_modules):
    monkeypatch.setenv("SHAPESCRIPT_BIN", real_compiler())


def test_load(real, tmp_path):
    (tmp_path / "small.ss").write_text(SMALL)
    m = shapescript.load(tmp_path / "small.ss")
    x = torch.randn(3, 4)
    assert torch.equal(m.double(x), x * 2)
    assert m.D == 4
    with pytest.raises(ArgumentError) as e:
        m.double(torch.zeros(3, 5))
    assert str(e.value) == "double(): argument `x`, axis 2 `D`: expected size 4, found 5 (x has shape [3, 5])"
    unchecked = shapescript.load(tmp_path / "small.ss", checks="never")
    assert unchecked.double(torch.zeros(3, 5)).shape == (3, 5)


def test_errors(real):
    with pytest.raises(ShapeScriptError) as e:
        shapescript.load(ROOT / "examples" / "mistakes" / "shapes.ss")
    assert "E0408" in [d["code"] for d in e.value.diagnostics]


def test_errors_keep_their_notes(real, tmp_path):
    late = tmp_path / "late.ss"
    late.write_text("fn f(x: [n]) -> [n]:\n    y = z + x\n    z = x\n    return y\n")
    with pytest.raises(ShapeScriptError) as e:
        shapescript.load(late)
    [d] = e.value.diagnostics
    assert [n["message"] for n in d["related"]] == ["`z` is assigned here"]
    lines = str(e.value).splitlines()
    assert lines[-2].endswith("late.ss:2:9: error[E0105]: `z` is used before it is assigned")
    assert lines[-1].endswith("late.ss:3:5: note: `z` is assigned here")


def test_import_hook(real, tmp_path):
    (tmp_path / "small_hooked.ss").write_text(SMALL)
    sys.path.insert(0, str(tmp_path))
    import small_hooked

    assert torch.equal(small_hooked.double(torch.ones(1, 4)), torch.full((1, 4), 2.0))


def test_cell_magic(real):
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    try:
        ip.run_line_magic("load_ext", "shapescript")
        ip.run_cell_magic("shapescript", "", SMALL)
        assert torch.equal(ip.user_ns["double"](torch.ones(2, 4)), torch.full((2, 4), 2.0))
        # Notebook cells aren't padded (docs/padding.md): built with --no-padding.
        with pytest.raises(ValueError, match="built with --no-padding"):
            shapescript.padded(ip.user_ns["double"], "n")
    finally:
        InteractiveShell.clear_instance()


def test_a_module_loaded_with_padding_off_pads_nothing(real, tmp_path):
    (tmp_path / "small_unpadded.ss").write_text(SMALL)
    padded = shapescript.load(tmp_path / "small_unpadded.ss")
    plain = shapescript.load(tmp_path / "small_unpadded.ss", padding=False)
    assert shapescript.padded(padded.double)(torch.ones(3, 4)).shape == (3, 4)
    with pytest.raises(ValueError, match="built with --no-padding"):
        shapescript.padded(plain.double, "n")


def test_runner_trains_the_digits_example(real, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sinks, "_opened", [])
    previous = sinks.log_to()
    try:
        code = runner.main([str(ROOT / "examples" / "digits.ss"), "--epochs", "1", "--sinks", "jsonl,plot,tensorboard"])
    finally:
        sinks.log_to(*previous)
    out, err = capsys.readouterr()
    assert code == 0, err
    records = [json.loads(line) for line in (tmp_path / "runs" / "digits" / "log.jsonl").read_text().splitlines()]
    # 23 training batches, a test batch, and the test batch again with the model loaded back.
    assert len(records) == 25 and "test_accuracy" in records[-2]
    assert records[-1]["final_test_accuracy"] == records[-2]["test_accuracy"]
    # Each record's step is the updates made before it: 1..23 in the epoch, 23 after.
    assert [r["step"] for r in records] == [*range(1, 24), 23, 23]
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    events = EventAccumulator(str(tmp_path / "runs" / "digits" / "tb"))
    events.Reload()
    assert [e.step for e in events.Scalars("loss")] == list(range(1, 24))
    assert [e.step for e in events.Scalars("test_accuracy")] == [23]
    assert (tmp_path / "runs" / "digits" / "curves.png").is_file()
    assert (tmp_path / "digits.safetensors").is_file()


def test_export_from_python_returns_the_program_and_writes_it(real, tmp_path):
    # In a Python of its own: torch.export loads inductor and triton, which
    # abort at import in a process that has run the IPython tests.
    (tmp_path / "small.ss").write_text(SMALL.replace("fn double", "export fn double"))
    (tmp_path / "noisy.ss").write_text("export fn noisy(x: [n]) -> [n]:\n    print(x)\n    return x\n")
    script = textwrap.dedent("""\
        import sys, torch, pytest, shapescript
        from shapescript import ShapeScriptError
        folder = sys.argv[1]
        program = shapescript.export(folder + "/small.ss", output=folder + "/small.pt2")
        assert isinstance(program, torch.export.ExportedProgram)
        loaded = torch.export.load(folder + "/small.pt2").module()
        for n in (2, 3, 7):
            x = torch.randn(n, 4)
            assert torch.equal(program.module()(x), x * 2)
            assert torch.equal(loaded(x), x * 2)
        with pytest.raises(ValueError, match="no function `triple`"):
            shapescript.export(folder + "/small.ss", fn="triple")
        with pytest.raises(ShapeScriptError, match="E1704"):
            shapescript.export(folder + "/noisy.ss")
    """)
    ran = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr


PROGRAM_MAIN = "fn main(k: int = 2):\n    log(k=k)\n"


def test_run_takes_a_name_that_isnt_utf8_and_programs_named_as_packages(real, tmp_path):
    """`shapescript run` of `\xff.ss` (os.fsencode, not UTF-8), and of
    `einops.ss` and `torch.ss` with a `torch.py` built beside it: the
    program's module never stands for a package it imports."""
    binary = real_compiler()

    def run(folder, name):
        return subprocess.run(
            [binary, "run", name, "--sinks", "terminal"], cwd=folder, capture_output=True, timeout=600
        )

    odd = os.path.join(os.fsencode(tmp_path), b"\xff.ss")
    with open(odd, "wb") as f:
        f.write(PROGRAM_MAIN.encode())
    r = run(tmp_path, odd)
    assert r.returncode == 0 and b"k=2" in r.stderr, r.stderr
    shadows = tmp_path / "shadows"
    shadows.mkdir()
    (shadows / "einops.ss").write_text(
        "fn g(x: [a b]) -> [a b 3]:\n    return x |> repeat(a b -> a b k, k=3)\n\n"
        "fn main(k: int = 2):\n    y = g([[1.0, 2.0], [3.0, 4.0]] as [2 2])\n    log(k=k)\n"
    )
    r = run(shadows, "einops.ss")
    assert r.returncode == 0 and b"k=2" in r.stderr, r.stderr
    (shadows / "torch.ss").write_text(PROGRAM_MAIN)
    assert subprocess.run([binary, "build", "torch.ss"], cwd=shadows, timeout=600).returncode == 0
    r = run(shadows, "torch.ss")
    assert r.returncode == 0 and b"k=2" in r.stderr, r.stderr
