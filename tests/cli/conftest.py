"""Fixtures for the CLI tests: the built binaries (SS_BIN_DIR, set by CTest)
and a helper that runs them on files written to a temporary folder."""

import os
import pty
import subprocess
from pathlib import Path

import pytest


def _bin_dir() -> Path:
    value = os.environ.get("SS_BIN_DIR")
    if value:
        return Path(value).resolve()
    # Running pytest by hand from the repo: the default build folder.
    return Path(__file__).resolve().parents[2] / "build" / "bin"


@pytest.fixture(scope="session")
def bin_dir() -> Path:
    path = _bin_dir()
    if not (path / "shapescript").exists():
        pytest.fail(f"no shapescript binary in {path}: build first (bash scripts/setup)")
    return path


class Runner:
    def __init__(self, bin_dir: Path, tmp: Path):
        self.bin_dir = bin_dir
        self.tmp = tmp

    def write(self, name: str, content) -> Path:
        path = self.tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode("utf-8") if isinstance(content, str) else content
        path.write_bytes(data)
        return path

    def run(self, *args, program="shapescript", timeout=60):
        return subprocess.run(
            [str(self.bin_dir / program), *map(str, args)],
            cwd=self.tmp,
            capture_output=True,
            timeout=timeout,
        )

    def on_terminal(self, *args, env=None):
        """Its output when standard output and error are a terminal (a
        pseudo-terminal, as a shell's): what it printed there, as text."""
        main, child = pty.openpty()
        process = subprocess.Popen(
            [str(self.bin_dir / "shapescript"), *map(str, args)], cwd=self.tmp, stdout=child, stderr=child, env=env
        )
        os.close(child)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the child closed its end
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
        os.close(main)
        return b"".join(chunks).decode("utf-8", "replace")


@pytest.fixture
def ss(bin_dir, tmp_path) -> Runner:
    return Runner(bin_dir, tmp_path)
