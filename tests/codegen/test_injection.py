"""No text from a source file or its name reaches the generated module except
as an escaped literal or a sanitised comment (issue 12, "No injection").

Each hostile input, if it broke out of its comment or string, would set an
attribute on `builtins` when the module is imported or its function called;
the module must compile, import and run, and leave `builtins` alone."""

import builtins
import os
import pathlib

import pytest
import torch

from conftest import import_file, run_build

PROGRAM = "dim D = 4\n\nfn double(x: [n D]) -> [n D]:\n    return x + x\n"


def build_and_import(source_path: pathlib.Path, out: pathlib.Path):
    result = run_build([source_path, "-o", out])
    assert result.returncode == 0, result.stderr
    compile(out.read_bytes(), str(out), "exec")  # valid Python: UTF-8 and well-formed
    module = import_file(out)
    assert torch.equal(module.double(torch.ones(2, 4)), torch.full((2, 4), 2.0))  # the body runs as written
    return module


@pytest.fixture(autouse=True)
def no_flag():
    yield
    for name in [n for n in vars(builtins) if n.startswith("ss_injected")]:
        delattr(builtins, name)


@pytest.mark.parametrize(
    "name",
    [
        'a""";import builtins;builtins.ss_injected_docstring=1;"""b.ss',  # out of a docstring
        "a\nimport builtins;builtins.ss_injected_newline=1\n#.ss",  # out of the header comment
        "a\rimport builtins;builtins.ss_injected_cr=1\r#.ss",  # a lone CR ends a Python comment too
        'a\\";import builtins;builtins.ss_injected_quote=1;#.ss',  # out of a string literal
    ],
)
def test_a_hostile_file_name_is_only_text(tmp_path, name):
    src = tmp_path / name
    src.write_text(PROGRAM)
    module = build_and_import(src, tmp_path / "out.py")
    assert not [n for n in vars(builtins) if n.startswith("ss_injected")]
    assert module._ss_source == str(src)


def test_a_file_name_that_is_not_utf8_builds_a_module_that_compiles(tmp_path):
    src = pathlib.Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9\xff.ss"))
    src.write_text(PROGRAM)
    module = build_and_import(src, tmp_path / "out.py")
    assert module._ss_source == str(src)  # the name as Python's file-system decoding spells it
    assert module.double.__doc__ is not None


def test_a_lone_cr_in_a_dim_value_is_refused_not_run(tmp_path):
    # A dim's value as written is kept as a comment after its number; a CR
    # inside it would end that comment in Python and start code. A lone CR
    # is a line end Python sees and the grammar doesn't: refused (E0010).
    src = tmp_path / "dims.ss"
    dim = b"dim D = (2 +  # x\rimport builtins;builtins.ss_injected_dim=1\n    2)\n\n"
    src.write_bytes(dim + PROGRAM[len("dim D = 4\n\n") :].encode())
    out = tmp_path / "out.py"
    result = run_build([src, "-o", out])
    assert result.returncode == 1
    assert "E0010" in result.stderr
    assert not out.exists()


def test_a_file_with_lone_cr_line_ends_is_refused(tmp_path):
    # Old Mac line ends: the grammar would read one comment line and build
    # an empty module, where Python (and the user) see a program.
    src = tmp_path / "mac.ss"
    src.write_bytes(b"# a model\r" + PROGRAM.replace("\n", "\r").encode())
    result = run_build([src, "-o", tmp_path / "out.py"])
    assert result.returncode == 1
    assert "E0010" in result.stderr
    crlf = tmp_path / "windows.ss"
    crlf.write_bytes(b"# a model\r\n" + PROGRAM.replace("\n", "\r\n").encode())
    build_and_import(crlf, tmp_path / "windows.py")  # CRLF is fine
