"""The wheel scripts/wheel builds (docs/install.md), as a user without a
compiler gets it: the manylinux tag auditwheel confirms is the one in its
name, its programs need nothing but glibc 2.28 or older, and installed into
a fresh venv (conftest.py) `shapescript check`, `build`, `run` and `export`
work on the examples, `shapescript-lsp --stdio` publishes diagnostics that
link to the installed errors.md, every part reports runtime/shapescript/
VERSION, and the wheel's dependency ranges are met by the packages the
tests run with. The .vsix built beside it bundles that portable server.

CTest `wheel` (label `wheel`: `ctest -LE wheel` leaves it out), run by the
development venv's Python.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import urllib.parse
import zipfile
from pathlib import Path

import pytest

from wheel_env import COMPILERS, ROOT, TOOLS, VERSION, auditwheel

sys.path.insert(0, str(ROOT / "tests" / "lsp"))
from lsp_client import LspClient  # noqa: E402

EXAMPLES = ROOT / "examples"
PROGRAMS = ["shapescript", "shapescript-lsp"]
# The newest glibc the manylinux_2_28 baseline has.
GLIBC_LIMIT = (2, 28)
# What a program linked statically against everything but glibc may need.
GLIBC_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "ld-linux-x86-64.so.2"}
BAD_SOURCE = "fn f(x: [n]) -> [n]\n    return x\n"

# Run by the tools' Python (pyelftools comes with auditwheel): each program's
# needed libraries and the newest GLIBC_x.y symbol version it asks for.
READ_ELF = r"""
import json, re, sys
from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerNeedSection
out = {}
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        elf = ELFFile(f)
        needed = [t.needed for t in elf.get_section_by_name(".dynamic").iter_tags() if t.entry.d_tag == "DT_NEEDED"]
        versions = []
        for section in elf.iter_sections():
            if isinstance(section, GNUVerNeedSection):
                for _, auxiliaries in section.iter_versions():
                    for aux in auxiliaries:
                        m = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?", aux.name)
                        if m:
                            versions.append([int(m.group(1)), int(m.group(2))])
        out[path] = {"needed": needed, "newest_glibc": max(versions) if versions else None}
print(json.dumps(out))
"""


def platform_tag(wheel: Path) -> tuple[str, str]:
    shown = subprocess.run([str(auditwheel()), "show", str(wheel)], capture_output=True, text=True, timeout=300)
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    match = re.search(r'consistent with the following platform tag: "([^"]+)"', text)
    assert match, f"auditwheel show names no platform tag:\n{shown.stdout}"
    return match.group(1), text


def test_auditwheel_confirms_the_tag_in_the_wheels_name(wheel):
    tag, said = platform_tag(wheel)
    print(f"auditwheel show {wheel.name}: {said}")
    newest = re.fullmatch(r"manylinux_(\d+)_(\d+)_x86_64", tag)
    assert newest and (int(newest.group(1)), int(newest.group(2))) <= GLIBC_LIMIT, (
        f"expected manylinux_2_28_x86_64 or older, auditwheel show says {tag}: {said}"
    )
    platforms = wheel.name.removesuffix(".whl").split("-")[-1].split(".")
    assert tag in platforms, f"{wheel.name} is tagged {platforms}, auditwheel show confirms {tag}"
    assert f"-{VERSION}-" in wheel.name, f"{wheel.name} is not version {VERSION} (runtime/shapescript/VERSION)"


def assert_only_an_old_glibc(paths):
    # What readelf -d and -V would say: no libstdc++, no libtree-sitter.
    read = subprocess.run(
        [str(TOOLS / "bin" / "python"), "-c", READ_ELF, *map(str, paths)], capture_output=True, text=True, timeout=120
    )
    assert read.returncode == 0, read.stderr
    for path, found in json.loads(read.stdout).items():
        name = Path(path).name
        assert set(found["needed"]) <= GLIBC_LIBRARIES, f"{name} needs {found['needed']}: only glibc's may remain"
        assert found["newest_glibc"] and tuple(found["newest_glibc"]) <= GLIBC_LIMIT, (
            f"{name} asks for GLIBC_{found['newest_glibc']}: newer than {GLIBC_LIMIT}"
        )
        print(f"{name}: needs {found['needed']}, newest symbol GLIBC_{'.'.join(map(str, found['newest_glibc']))}")


def test_programs_need_nothing_but_an_old_glibc(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as archive:
        paths = [archive.extract(f"shapescript-{VERSION}.data/scripts/{p}", tmp_path) for p in PROGRAMS]
    assert_only_an_old_glibc(paths)


def test_vsix_bundles_the_wheels_server(wheel, tmp_path):
    # scripts/wheel packages the extension with the same portable server,
    # the platform and version in its name.
    vsix = wheel.parent / f"shapescript-{VERSION}-linux-x64.vsix"
    if not vsix.exists() and not (ROOT / "vscode-extension" / "node_modules" / ".bin" / "vsce").exists():
        pytest.skip("no .vsix: the extension's npm packages are missing (bash scripts/setup-tests runs npm ci)")
    assert vsix.is_file(), f"scripts/wheel made no {vsix.name} beside {wheel.name}"
    with zipfile.ZipFile(vsix) as archive:
        server = Path(archive.extract("extension/server/shapescript-lsp", tmp_path))
        manifest = json.loads(archive.read("extension/package.json"))
    assert manifest["name"] == "shapescript"
    assert_only_an_old_glibc([server])
    server.chmod(0o755)
    version = subprocess.run([str(server), "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and VERSION in version.stdout, version.stdout + version.stderr


def test_wheel_holds_the_programs_the_package_and_the_docs(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    data = f"shapescript-{VERSION}.data"
    expected = {
        f"{data}/scripts/shapescript",
        f"{data}/scripts/shapescript-lsp",
        f"{data}/data/share/shapescript/docs/errors.md",
        "shapescript/__init__.py",
        "shapescript/VERSION",
        "shapescript/runner.py",
    }
    assert expected <= names, f"missing from {wheel.name}: {sorted(expected - names)}"


def test_no_compiler_on_the_users_path(user_venv):
    found = {name: shutil.which(name, path=user_venv.path) for name in COMPILERS}
    assert not any(found.values()), f"compilers reachable on the test's PATH: {found}"
    print(f"installed in {user_venv.install_seconds:.1f} s")


def test_every_part_reports_the_version_file(user_venv, tmp_path):
    for program in PROGRAMS:
        got = user_venv.run([user_venv.bin / program, "--version"], tmp_path)
        assert got.returncode == 0, got.stderr
        assert got.stdout.split() == [program, VERSION], f"{program} --version: {got.stdout!r}, VERSION {VERSION}"
    script = "import importlib.metadata as m, shapescript; print(m.version('shapescript'), shapescript.__version__)"
    got = user_venv.run([user_venv.python, "-c", script], tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout.split() == [VERSION, VERSION], f"metadata and __version__: {got.stdout!r}, VERSION {VERSION}"


DEPENDENCIES_MET = r"""
import importlib.metadata as metadata, sys
from packaging.requirements import Requirement
unmet = []
for text in metadata.requires("shapescript") or []:
    requirement = Requirement(text)
    if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
        continue  # an extra's (serving): not installed by default
    try:
        version = metadata.version(requirement.name)
    except metadata.PackageNotFoundError:
        unmet.append("%s: not installed" % requirement)
        continue
    if not requirement.specifier.contains(version, prereleases=True):
        unmet.append("%s: found %s" % (requirement, version))
print("\n".join(unmet))
sys.exit(1 if unmet else 0)
"""


def test_dependency_ranges_are_met_by_the_tested_packages(user_venv, tmp_path):
    got = user_venv.run([user_venv.python, "-c", DEPENDENCIES_MET], tmp_path)
    assert got.returncode == 0, f"the wheel's requirements not met:\n{got.stdout}{got.stderr}"


def test_check_passes_on_the_examples(user_venv, tmp_path):
    examples = sorted(EXAMPLES.glob("*.ss"))
    got = user_venv.run([user_venv.bin / "shapescript", "check", *examples], tmp_path)
    assert got.returncode == 0, got.stdout + got.stderr
    bad = tmp_path / "bad.ss"
    bad.write_text(BAD_SOURCE, encoding="utf-8")
    got = user_venv.run([user_venv.bin / "shapescript", "check", "--format", "json", bad], tmp_path)
    assert got.returncode == 1 and '"E0002"' in got.stdout, got


def test_build_writes_a_module_the_installed_runtime_imports(user_venv, tmp_path):
    got = user_venv.run(
        [user_venv.bin / "shapescript", "build", EXAMPLES / "digits.ss", "-o", "digits_ss.py"], tmp_path
    )
    assert got.returncode == 0, got.stderr
    script = "import digits_ss, shapescript; print(shapescript.__file__); assert callable(digits_ss.main)"
    got = user_venv.run([user_venv.python, "-c", script], tmp_path)
    assert got.returncode == 0, got.stderr
    assert Path(got.stdout.strip()).is_relative_to(user_venv.root), f"imported {got.stdout.strip()}, not the wheel's"


def test_run_trains_the_readme_example(user_venv, tmp_path):
    shutil.copy(EXAMPLES / "digits.ss", tmp_path)
    argv = ["run", "digits.ss", "--epochs", "1", "--sinks", "jsonl", "--log-dir", "logs"]
    got = user_venv.run([user_venv.bin / "shapescript", *argv], tmp_path, timeout=600)
    assert got.returncode == 0, got.stdout + got.stderr
    records = [json.loads(line) for line in (tmp_path / "logs" / "log.jsonl").read_text().splitlines()]
    assert any("final_test_accuracy" in r for r in records), records[-3:]


def test_export_writes_a_program_torch_loads(user_venv, tmp_path):
    argv = ["export", EXAMPLES / "attention.ss", "--fn", "causal_attention", "-o", "attention.pt2"]
    got = user_venv.run([user_venv.bin / "shapescript", *argv], tmp_path, timeout=600)
    assert got.returncode == 0, got.stdout + got.stderr
    script = (
        "import torch\n"
        "program = torch.export.load('attention.pt2').module()\n"
        "y = program(torch.randn(2, 3, 768), torch.randn(768, 3 * 768) / 30, torch.randn(768, 768) / 30)\n"
        "print(tuple(y.shape))\n"
    )
    got = user_venv.run([user_venv.python, "-c", script], tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip() == "(2, 3, 768)", got.stdout


def test_language_server_publishes_diagnostics_linked_to_the_installed_docs(user_venv, tmp_path):
    client = LspClient.stdio([str(user_venv.bin / "shapescript-lsp"), "--stdio"], cwd=tmp_path, env=user_venv.env())
    try:
        result = client.initialize({"textDocument": {"publishDiagnostics": {"codeDescriptionSupport": True}}})
        assert result["serverInfo"] == {"name": "shapescript-lsp", "version": VERSION}, result.get("serverInfo")
        uri = (tmp_path / "bad.ss").as_uri()
        client.open(uri, BAD_SOURCE)
        diagnostics = client.diagnostics(uri)["diagnostics"]
        assert diagnostics and diagnostics[0]["code"] == "E0002", diagnostics
        href = urllib.parse.urlparse(diagnostics[0]["codeDescription"]["href"])
        page = user_venv.root / "share" / "shapescript" / "docs" / "errors.md"
        assert href.scheme == "file" and Path(urllib.parse.unquote(href.path)).resolve() == page.resolve(), href
        assert page.read_bytes() == (ROOT / "docs" / "errors.md").read_bytes()
        assert client.shutdown_and_exit() == 0
    finally:
        client.kill()
