"""Fixtures for the wheel test: the wheel scripts/wheel builds, installed
into a fresh venv as a user without a compiler would have it.

The wheel is built with `bash scripts/wheel --offline` (incremental: its
build folder build/wheel/ is kept) into a temporary folder, unless
SHAPESCRIPT_WHEEL names one to test. The test is skipped only when
scripts/wheel says a tool is missing (exit 3): `bash scripts/wheel
--tools-only`, which scripts/setup-tests runs, installs them.

No network: the venv gets the wheel's dependencies (torch, ...) from the
development venv (SHAPESCRIPT_VENV, default ~/.cache/shapescript/venv)
through a `.pth` file naming a folder of links to that venv's packages,
all but its own copy of shapescript, and the wheel is installed with
`pip install --no-deps --no-index`. The programs then run with a PATH
that has no compiler on it and a HOME of their own.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from wheel_env import (
    DEV_VENV,
    ROOT,
    TOOLS,
    VERSION,
    UserVenv,
    dev_site_packages,
    links_to_packages,
    path_without_compilers,
    python_says,
)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    given = os.environ.get("SHAPESCRIPT_WHEEL")
    if given:
        return Path(given).resolve()
    dist = tmp_path_factory.mktemp("dist")
    env = dict(os.environ, SHAPESCRIPT_WHEEL_DIST=str(dist))
    started = time.monotonic()
    built = subprocess.run(
        ["bash", str(ROOT / "scripts" / "wheel"), "--offline"], env=env, capture_output=True, text=True, timeout=3000
    )
    print(f"scripts/wheel --offline: {time.monotonic() - started:.0f} s")
    if built.returncode == 3:
        pytest.skip(built.stderr.strip().splitlines()[-1])
    assert built.returncode == 0, f"scripts/wheel failed:\n{built.stdout}\n{built.stderr}"
    wheels = sorted(dist.glob("shapescript-*.whl"))
    assert len(wheels) == 1, f"expected one wheel in {dist}, found {wheels}"
    return wheels[0]


@pytest.fixture(scope="session")
def user_venv(wheel, tmp_path_factory) -> UserVenv:
    where = tmp_path_factory.mktemp("user")
    root = where / "venv"
    site = dev_site_packages()
    base = python_says(DEV_VENV / "bin" / "python", "import sys; print(sys._base_executable)")
    subprocess.run([base, "-m", "venv", str(root)], check=True, capture_output=True, timeout=300)
    started = time.monotonic()
    installed = subprocess.run(
        [str(root / "bin" / "python"), "-m", "pip", "install", "--no-deps", "--no-index"]
        + ["--disable-pip-version-check", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    install_seconds = time.monotonic() - started
    assert installed.returncode == 0, f"pip install {wheel.name} failed:\n{installed.stdout}\n{installed.stderr}"
    print(f"pip install --no-deps --no-index {wheel.name}: {install_seconds:.1f} s")
    # The dependencies, from the development venv (after the install, so pip
    # never sees that venv's own shapescript).
    links_to_packages(site, where / "dependencies")
    own_site = python_says(root / "bin" / "python", "import sysconfig; print(sysconfig.get_path('purelib'))")
    (Path(own_site) / "development-venv-packages.pth").write_text(f"{where / 'dependencies'}\n", encoding="utf-8")
    home = where / "home"
    home.mkdir()
    path = os.pathsep.join([str(root / "bin"), path_without_compilers(where / "system-bin")])
    return UserVenv(root=root, home=home, path=path, install_seconds=install_seconds)


def pytest_report_header(config):
    return f"wheel test: version {VERSION}, dependencies from {DEV_VENV}, tools in {TOOLS}"
