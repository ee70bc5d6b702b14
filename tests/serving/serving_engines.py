"""Where the serving engines are, for the serving tests (tests/serving).

`bash scripts/setup-serving` (scripts/setup-tests runs it last) installs them
outside the tree: llama-cpp-python into the venv these tests run in, and
vLLM's CPU build into a venv of its own (SHAPESCRIPT_VLLM_VENV, by default
~/.cache/shapescript/vllm-venv), which it stamps once `import vllm` worked
there. A test that needs an engine skips with the reason below when the
engine is not installed (a set-up with SHAPESCRIPT_SKIP_SERVING=1), and fails
when it is installed but broken.

    from serving_engines import requires_vllm, vllm_python

    @requires_vllm
    def test_vllm_loads_the_folder(tmp_path):
        subprocess.run([vllm_python(), script], env=engine_env(tmp_path), ...)
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

import pytest

# What scripts/setup-serving installs; keep in step with it.
LLAMA_CPP_VERSION = "0.3.36"
VLLM_STAMP = ".shapescript-vllm.sha256"

VLLM_REASON = "vLLM's CPU venv is not there: run bash scripts/setup-serving"
LLAMA_CPP_REASON = "llama-cpp-python is not installed in this venv: run bash scripts/setup-serving"
TRANSFORMERS_REASON = "transformers is not in this venv: run bash scripts/setup-tests (requirements-dev.txt pins it)"


def vllm_venv() -> Path:
    """The vLLM venv's folder, whether or not it is there."""
    value = os.environ.get("SHAPESCRIPT_VLLM_VENV")
    return Path(value) if value else Path.home() / ".cache" / "shapescript" / "vllm-venv"


def vllm_python() -> str | None:
    """The vLLM venv's python once scripts/setup-serving finished it (its
    stamp is written last), else None."""
    venv = vllm_venv()
    python = venv / "bin" / "python"
    if (venv / VLLM_STAMP).is_file() and os.access(python, os.X_OK):
        return str(python)
    return None


def llama_cpp_available() -> bool:
    """Whether `llama_cpp` is installed in this venv (importing it is the
    test's business: a broken install fails rather than skips)."""
    return importlib.util.find_spec("llama_cpp") is not None


def transformers_available() -> bool:
    return importlib.util.find_spec("transformers") is not None


def engine_env(tmp_path: Path) -> dict[str, str]:
    """An environment for an engine's process: Hugging Face's caches in the
    test's own folder and no network (nothing may be downloaded), no usage
    reports, and no PYTHONPATH into this tree (the vLLM venv has its own
    torch)."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.update(
        HF_HOME=str(tmp_path / "hf-home"),
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        HF_HUB_DISABLE_TELEMETRY="1",
        VLLM_NO_USAGE_STATS="1",
        DO_NOT_TRACK="1",
    )
    return env


requires_vllm = pytest.mark.skipif(vllm_python() is None, reason=VLLM_REASON)
requires_llama_cpp = pytest.mark.skipif(not llama_cpp_available(), reason=LLAMA_CPP_REASON)
requires_transformers = pytest.mark.skipif(not transformers_available(), reason=TRANSFORMERS_REASON)


def shapescript_bin() -> str:
    """The compiler the tests run: SS_BIN_DIR's (CTest sets it), else the build's."""
    repo = Path(__file__).resolve().parents[2]
    return str(Path(os.environ.get("SS_BIN_DIR") or repo / "build" / "bin") / "shapescript")


def run_export(tmp_path: Path, *args, check: bool = True) -> subprocess.CompletedProcess:
    """`shapescript export ARGS` in `tmp_path`, in an engine's environment;
    with `check`, its success is asserted."""
    result = subprocess.run(
        [shapescript_bin(), "export", *map(str, args)],
        cwd=tmp_path,
        env=engine_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result
