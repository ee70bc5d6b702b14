"""Helpers of the runtime's tests (imported by them; conftest.py has the fixtures)."""
import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = HERE / "fixtures"


def builds(log):
    return len(log.read_text().splitlines()) if log.exists() else 0


def real_compiler():
    """The repository's built compiler, if its `build` command works (the
    code generator may not have landed yet)."""
    import subprocess
    import tempfile
    folder = Path(os.environ.get("SS_BIN_DIR") or ROOT / "build" / "bin")
    binary = folder / "shapescript"
    if not binary.is_file():
        return None
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "probe.ss"
        src.write_text("fn f(x: [n]) -> [n]:\n    return x\n")
        try:
            r = subprocess.run([str(binary), "build", str(src), "-o", str(Path(d) / "probe.py")],
                               capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return str(binary) if r.returncode == 0 and (Path(d) / "probe.py").is_file() else None


REAL_COMPILER = real_compiler()
needs_codegen = pytest.mark.skipif(REAL_COMPILER is None,
                                   reason="`shapescript build` isn't implemented yet in build/bin/shapescript")
