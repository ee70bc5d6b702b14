"""What `scripts/setup` installed into the venv with `pip install .`.

Run by the venv's Python (CTest `pip_install`, label `install`), so the venv
under test is this interpreter's: `sys.prefix`, its scripts folder and its
site-packages. The build's programs (SS_BIN_DIR, default build/bin) are the
reference the installed ones must agree with. Everything runs from a
temporary folder outside the repository, without PYTHONPATH, as a user would.
A failure here means the venv is missing the project or holds a stale copy:
`bash scripts/setup` installs it again.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import urllib.parse
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "lsp"))
from lsp_client import LspClient  # noqa: E402

VENV = Path(sys.prefix)
VENV_BIN = Path(sysconfig.get_path("scripts"))
SITE = Path(sysconfig.get_path("purelib"))
BUILD_BIN = Path(os.environ.get("SS_BIN_DIR", ROOT / "build" / "bin"))
PROGRAMS = ["shapescript", "shapescript-lsp"]
RUNTIME = ROOT / "runtime" / "shapescript"
HINT = "; run `bash scripts/setup` to install this tree into the venv"


def outside_env() -> dict[str, str]:
    """The environment of a user's shell: no PYTHONPATH pointing into a tree."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return env


def run(argv: list, cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=outside_env(), capture_output=True, text=True, timeout=60, **kwargs
    )


def test_runs_in_a_venv():
    # The checks below are about a venv; a system Python would test nothing.
    assert sys.prefix != sys.base_prefix, f"{sys.executable} is not a venv's Python"


@pytest.mark.parametrize("program", PROGRAMS)
def test_program_installed_with_the_build_version(program, tmp_path):
    installed = VENV_BIN / program
    assert installed.is_file() and os.access(installed, os.X_OK), f"{installed} is missing{HINT}"
    got = run([installed, "--version"], tmp_path)
    assert got.returncode == 0, got.stderr
    built = run([BUILD_BIN / program, "--version"], tmp_path)
    assert got.stdout == built.stdout, (
        f"{installed} --version says {got.stdout.strip()!r}, the build's {built.stdout.strip()!r}{HINT}"
    )
    # Not a link into the tree: pip copied it.
    assert not installed.is_symlink()


def test_installed_shapescript_checks_a_file(tmp_path):
    (tmp_path / "bad.ss").write_text("fn f(x: [n]) -> [n]\n    return x\n", encoding="utf-8")
    got = run([VENV_BIN / "shapescript", "check", "--format", "json", "bad.ss"], tmp_path)
    assert got.returncode == 1, got
    assert '"E0002"' in got.stdout, got.stdout


def test_errors_page_installed_where_the_server_finds_it(tmp_path):
    page = VENV / "share" / "shapescript" / "docs" / "errors.md"
    assert page.is_file(), f"{page} is missing{HINT}"
    assert page.read_bytes() == (ROOT / "docs" / "errors.md").read_bytes(), f"{page} is stale{HINT}"
    # The installed server links diagnostics to it (no --docs-base given).
    client = LspClient.stdio([str(VENV_BIN / "shapescript-lsp"), "--stdio"], cwd=tmp_path, env=outside_env())
    try:
        client.initialize({"textDocument": {"publishDiagnostics": {"codeDescriptionSupport": True}}})
        uri = (tmp_path / "bad.ss").as_uri()
        client.open(uri, "fn f(x: [n]) -> [n]\n    return x\n")
        diagnostics = client.diagnostics(uri)["diagnostics"]
        assert diagnostics, "no diagnostics for a file with a syntax error"
        href = diagnostics[0]["codeDescription"]["href"]
        parsed = urllib.parse.urlparse(href)
        assert parsed.scheme == "file" and parsed.fragment == "e0002", href
        assert Path(urllib.parse.unquote(parsed.path)).resolve() == page.resolve(), href
        assert client.shutdown_and_exit() == 0
    finally:
        client.kill()


def test_metadata_version_is_the_version_files():
    import importlib.metadata

    # runtime/shapescript/VERSION: the one place it is written (pyproject.toml reads it).
    expected = (RUNTIME / "VERSION").read_text(encoding="utf-8").strip()
    try:
        installed = importlib.metadata.version("shapescript")
    except importlib.metadata.PackageNotFoundError:
        pytest.fail(f"no distribution `shapescript` in {SITE}{HINT}")
    assert installed == expected, f"installed shapescript {installed}, VERSION says {expected}{HINT}"


def tree_files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


@pytest.mark.skipif(
    not (RUNTIME / "__init__.py").is_file(),
    reason="runtime/shapescript is not in this tree yet, so the wheel has no Python package",
)
def test_import_shapescript_from_outside_the_tree(tmp_path):
    got = run([sys.executable, "-c", "import shapescript; print(shapescript.__file__)"], tmp_path)
    assert got.returncode == 0, f"import shapescript failed{HINT}:\n{got.stderr}"
    where = Path(got.stdout.strip()).resolve()
    assert where == (SITE / "shapescript" / "__init__.py").resolve(), f"imported from {where}, not {SITE}"


@pytest.mark.skipif(
    not (RUNTIME / "__init__.py").is_file(),
    reason="runtime/shapescript is not in this tree yet, so the wheel has no Python package",
)
def test_installed_package_is_this_trees():
    installed = tree_files(SITE / "shapescript")
    tree = tree_files(RUNTIME)
    assert sorted(installed) == sorted(tree), f"files differ from runtime/shapescript{HINT}"
    stale = [name for name in tree if installed[name] != tree[name]]
    assert not stale, f"installed copies differ from runtime/shapescript: {stale}{HINT}"


def requirement_pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            name, _, version = line.partition("==")
            assert version, f"{path.name}: `{line}` is not pinned with =="
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    return pins


def test_pyproject_dependencies_are_requirements_txt():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.match(r"[A-Za-z0-9_.-]+", d).group(0).lower().replace("_", "-") for d in project["dependencies"]}
    assert names == set(requirement_pins(ROOT / "requirements.txt")), (
        "pyproject.toml's dependencies and requirements.txt list different packages"
    )


@pytest.mark.parametrize("file", ["requirements.txt", "requirements-build.txt", "requirements-dev.txt"])
def test_venv_has_the_pinned_versions(file):
    import importlib.metadata

    wrong = {}
    for name, version in requirement_pins(ROOT / file).items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = (version, installed)
    assert not wrong, f"pinned vs installed: {wrong}{HINT}"
