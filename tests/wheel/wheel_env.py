"""The pieces of the wheel test (conftest.py's fixtures, test_wheel.py):
where things are, and a fresh venv with the wheel installed, run as a user
without a compiler would run it."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERSION = (ROOT / "runtime" / "shapescript" / "VERSION").read_text(encoding="utf-8").strip()
DEV_VENV = Path(os.environ.get("SHAPESCRIPT_VENV") or Path.home() / ".cache" / "shapescript" / "venv")
TOOLS = Path(os.environ.get("SHAPESCRIPT_WHEEL_TOOLS") or Path.home() / ".cache" / "shapescript" / "wheel-tools")
# What a user's PATH would have, less every compiler and linker.
SYSTEM_PATH = ["/usr/local/bin", "/usr/bin", "/bin"]
COMPILER = re.compile(
    r"^(cc|c\+\+|cpp|c89|c99|gcc|g\+\+|clang|clang\+\+|clang-cpp|zig|ld|ld\.\w+|as|tcc)(-[0-9.]+)?$"
    r"|-(gcc|g\+\+|cpp|c\+\+|cc|ld|as)(-[0-9.]+)?$"
)
COMPILERS = ["cc", "gcc", "g++", "c++", "clang", "clang++", "zig", "ld"]


def auditwheel() -> Path:
    program = TOOLS / "bin" / "auditwheel"
    if not program.is_file():
        pytest.fail(f"expected auditwheel in {program.parent}, found none: run `bash scripts/wheel --tools-only`")
    return program


def dev_site_packages() -> Path:
    python = DEV_VENV / "bin" / "python"
    if not python.is_file():
        pytest.fail(f"expected the development venv at {DEV_VENV}, found no bin/python: run `bash scripts/setup`")
    return Path(python_says(python, "import sysconfig; print(sysconfig.get_path('purelib'))"))


def python_says(python: Path, code: str) -> str:
    """What `code` prints, run by `python`."""
    return subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def links_to_packages(site: Path, folder: Path) -> None:
    """`folder`: a link to each of `site`'s entries but shapescript's own."""
    folder.mkdir()
    for entry in site.iterdir():
        name = entry.name.lower()
        if name == "shapescript" or name.startswith("shapescript-") or name.endswith(".pth"):
            continue
        (folder / entry.name).symlink_to(entry)


def path_without_compilers(folder: Path) -> str:
    """`folder`: a link to every program of SYSTEM_PATH that is no compiler."""
    folder.mkdir()
    for directory in SYSTEM_PATH:
        if not os.path.isdir(directory):
            continue
        for entry in sorted(os.scandir(directory), key=lambda e: e.name):
            link = folder / entry.name
            if COMPILER.search(entry.name) or link.exists() or link.is_symlink():
                continue
            link.symlink_to(entry.path)
    return str(folder)


@dataclass
class UserVenv:
    """The fresh venv with the wheel installed, and how a user runs it."""

    root: Path
    home: Path
    path: str
    install_seconds: float

    @property
    def bin(self) -> Path:
        return self.root / "bin"

    @property
    def python(self) -> Path:
        return self.bin / "python"

    def env(self) -> dict[str, str]:
        # A user's shell: no PYTHONPATH, no SHAPESCRIPT_* settings, no CC.
        env = {"PATH": self.path, "HOME": str(self.home), "LANG": "C.UTF-8"}
        if "TMPDIR" in os.environ:
            env["TMPDIR"] = os.environ["TMPDIR"]
        return env

    def run(self, argv: list, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(a) for a in argv], cwd=cwd, env=self.env(), capture_output=True, text=True, timeout=timeout
        )
