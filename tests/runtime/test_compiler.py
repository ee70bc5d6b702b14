"""shapescript.load, the module cache, the import hook and the cell magic,
driven by a stand-in compiler (fixtures/fake_compiler.py): the runtime's
side of compiling, before the real code generator exists."""

import os
import sys
import textwrap

import pytest

import shapescript
from runtime_testing import ROOT, builds
from shapescript import ShapeScriptError, compiler

SOURCE = textwrap.dedent("""\
    # The fake compiler's "generated code" is the #> lines.
    fn double(x: [n]) -> [n]:
        return scale(x, 2.0)
    #> def double(x):
    #>     # {name}.ss:3
    #>     return x * 2
    #> SEEN = {seen}
""")


def write(folder, name, seen=1, extra=""):
    path = folder / (name + ".ss")
    path.write_text(SOURCE.format(name=name, seen=seen) + extra)
    return path


def test_load_compiles_and_imports(tmp_path, fake_compiler, clean_modules):
    path = write(tmp_path, "doubler")
    m = shapescript.load(path)
    assert m.__name__ == "doubler" and sys.modules["doubler"] is m
    assert m.double(21) == 42 and m.SEEN == 1
    assert m._ss_source == str(path.resolve())
    assert m.__file__.startswith(os.environ["SHAPESCRIPT_CACHE"])


def test_the_cache(tmp_path, fake_compiler, cache, clean_modules):
    path = write(tmp_path, "cached")
    shapescript.load(path)
    shapescript.load(str(path))
    assert builds(fake_compiler) == 1  # unchanged: not built again
    write(tmp_path, "cached", seen=2)
    assert shapescript.load(path).SEEN == 2 and builds(fake_compiler) == 2
    m = shapescript.load(path, checks="always", value_checks="never")
    assert builds(fake_compiler) == 3 and m._ss_checks is True and m._ss_value_checks is False
    shapescript.load(path, checks="always", value_checks="never")
    assert builds(fake_compiler) == 3
    files = sorted(p.name for p in cache.iterdir())
    assert len(files) == 3 and all(f.startswith("cached-") and f.endswith(".py") for f in files)


def test_devices_are_the_compilers_and_part_of_the_key(tmp_path, fake_compiler, cache, clean_modules):
    path = write(tmp_path, "placed")
    assert shapescript.load(path)._ss_devices == ()
    assert shapescript.load(path, devices=["cpu*2"])._ss_devices == ("cpu*2",)
    assert shapescript.load(path, devices="cpu")._ss_devices == ("cpu",)
    shapescript.load(path, devices="cpu*2")  # the list's key
    assert builds(fake_compiler) == 3


def test_bad_options(tmp_path, fake_compiler):
    with pytest.raises(ValueError, match="always"):
        shapescript.load(write(tmp_path, "opts"), checks="yes")
    with pytest.raises(ValueError, match="devices"):
        shapescript.load(write(tmp_path, "opts"), devices=[])


def test_check_errors_raise_with_the_diagnostics(tmp_path, fake_compiler, cache, clean_modules):
    path = write(tmp_path, "broken", extra="# fake: error\n")
    with pytest.raises(ShapeScriptError) as e:
        shapescript.load(path)
    d = e.value.diagnostics
    assert len(d) == 1 and d[0]["code"] == "E0408" and d[0]["line"] == 8 and d[0]["severity"] == "error"
    text = str(e.value)
    assert text.splitlines()[0] == "broken.ss doesn't compile:"
    assert text.splitlines()[1].endswith(
        "broken.ss:8:3: error[E0408]: the pattern calls axis 3 `m`, but `m` is axis 4 of `att`"
    )
    assert "broken" not in sys.modules and list(cache.iterdir()) == []


@pytest.mark.parametrize("marker, code", [("# fake: error\n# fake: human\n", "E0408"), ("# fake: codegen\n", "E0999")])
def test_diagnostics_from_other_sources(tmp_path, fake_compiler, marker, code):
    # Not JSON from build: from `check --format json`, else from the build's human lines.
    with pytest.raises(ShapeScriptError) as e:
        shapescript.load(write(tmp_path, "other", extra=marker))
    d = e.value.diagnostics
    assert len(d) == 1 and d[0]["code"] == code and isinstance(d[0]["line"], int)


def test_a_failing_compiler_is_reported(tmp_path, fake_compiler, cache):
    with pytest.raises(ShapeScriptError) as e:
        shapescript.load(write(tmp_path, "crash", extra="# fake: crash\n"))
    assert "exit status 2" in str(e.value) and "not implemented yet" in str(e.value)
    assert e.value.diagnostics == [] and list(cache.iterdir()) == []


def test_a_module_of_the_same_name_is_left_alone(tmp_path, fake_compiler, clean_modules):
    m = shapescript.load(write(tmp_path, "json"))
    assert m.double(1) == 2 and sys.modules["json"] is not m


def test_finding_the_compiler(tmp_path, monkeypatch, fake_compiler):
    monkeypatch.setenv("SHAPESCRIPT_BIN", str(tmp_path / "nothing"))
    with pytest.raises(ShapeScriptError, match="isn't a file"):
        compiler.find_compiler()
    monkeypatch.delenv("SHAPESCRIPT_BIN")
    monkeypatch.setenv("PATH", str(tmp_path / "fakebin"))
    beside = os.path.join(os.path.dirname(sys.executable), "shapescript")
    expected = beside if os.path.isfile(beside) else str(tmp_path / "fakebin" / "shapescript")
    assert compiler.find_compiler() == expected
    monkeypatch.setenv("PATH", str(tmp_path))
    if not os.path.isfile(beside) and (ROOT / "build" / "bin" / "shapescript").is_file():
        assert compiler.find_compiler() == str(ROOT / "build" / "bin" / "shapescript")


def test_import_hook(tmp_path, fake_compiler, clean_modules):
    write(tmp_path, "hooked_model")
    sys.path.insert(0, str(tmp_path))
    import hooked_model

    assert hooked_model.double(2) == 4
    assert hooked_model.__spec__.origin == str(tmp_path / "hooked_model.ss")
    import importlib

    importlib.reload(hooked_model)
    assert builds(fake_compiler) == 1


def test_a_python_module_wins_over_an_ss_file(tmp_path, fake_compiler, clean_modules):
    write(tmp_path, "twin")
    (tmp_path / "twin.py").write_text("WHICH = 'py'\n")
    sys.path.insert(0, str(tmp_path))
    import twin

    assert twin.WHICH == "py" and builds(fake_compiler) == 0


def test_import_errors_are_shapescript_errors(tmp_path, fake_compiler, clean_modules):
    write(tmp_path, "broken_import", extra="# fake: error\n")
    sys.path.insert(0, str(tmp_path))
    with pytest.raises(ShapeScriptError):
        import broken_import  # noqa: F401
    with pytest.raises(ImportError):
        import no_such_module_anywhere  # noqa: F401


@pytest.fixture
def ipython():
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "shapescript")
    yield ip
    InteractiveShell.clear_instance()


def test_cell_magic(ipython, fake_compiler, clean_modules):
    cell = SOURCE.format(name="cell", seen=7)
    ipython.run_cell_magic("shapescript", "", cell)
    assert ipython.user_ns["double"](5) == 10 and ipython.user_ns["SEEN"] == 7
    assert "_ss_rt" not in ipython.user_ns and "_ss_checks" not in ipython.user_ns
    ipython.run_cell_magic("shapescript", "--checks never --name named_cell", cell)
    assert sys.modules["named_cell"]._ss_checks is False
    ipython.run_cell_magic("shapescript", "", cell)
    assert builds(fake_compiler) == 2  # the same cell again: cached


def test_cell_magic_errors(ipython, fake_compiler):
    with pytest.raises(ShapeScriptError) as e:
        ipython.run_cell_magic("shapescript", "", "fn f():\n# fake: error\n")
    assert e.value.diagnostics[0]["file"] == "<cell>" and e.value.diagnostics[0]["line"] == 2
    assert str(e.value).splitlines()[1] == (
        "<cell>:2:3: error[E0408]: the pattern calls axis 3 `m`, but `m` is axis 4 of `att`"
    )
    assert e.value._render_traceback_()[0].startswith("ShapeScriptError: the cell doesn't compile:")
    with pytest.raises(ValueError, match="bad options"):
        ipython.run_cell_magic("shapescript", "--checks sometimes", "fn f():\n")


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # truncated
        lambda text: b"",  # emptied
        lambda text: text.replace(b"x * 2", b"x * 3"),  # edited
        lambda text: bytes(range(256)) * 4,  # garbage
    ],
    ids=["truncated", "emptied", "edited", "garbage"],
)
def test_a_damaged_cache_entry_is_rebuilt(tmp_path, fake_compiler, cache, clean_modules, damage):
    path = write(tmp_path, "damaged")
    assert shapescript.load(path).double(21) == 42
    (entry,) = cache.iterdir()
    entry.write_bytes(damage(entry.read_bytes()))
    assert shapescript.load(path).double(21) == 42 and builds(fake_compiler) == 2
    assert list(cache.iterdir()) == [entry]  # replaced in place, no temporary left
    assert shapescript.load(path).double(21) == 42 and builds(fake_compiler) == 2  # the rebuilt one is used
