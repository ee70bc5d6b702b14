"""The serving engines that scripts/setup-serving installs are there and work
offline: transformers (main venv), llama-cpp-python (main venv) and vLLM's
CPU build (its own venv). Each test skips, saying what to run, only when its
engine is not installed."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from serving_engines import (
    LLAMA_CPP_VERSION,
    engine_env,
    requires_llama_cpp,
    requires_transformers,
    requires_vllm,
    vllm_python,
)

# A tiny Llama built from its config (no download), saved as a Hugging Face
# folder and loaded back, giving the same logits.
TINY_LLAMA = textwrap.dedent(
    """
    import os, sys
    import torch, transformers
    from transformers import AutoModelForCausalLM, LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32)
    model = LlamaForCausalLM(config).eval()
    ids = torch.tensor([[1, 5, 9, 2]])
    with torch.no_grad():
        logits = model(ids).logits
    assert logits.shape == (1, 4, 64), logits.shape
    model.save_pretrained(sys.argv[1])
    again = AutoModelForCausalLM.from_pretrained(sys.argv[1]).eval()
    with torch.no_grad():
        torch.testing.assert_close(again(ids).logits, logits)
    print("transformers", transformers.__version__, "HF_HOME", os.environ["HF_HOME"])
    """
)


@requires_transformers
def test_transformers_builds_a_tiny_llama_offline(tmp_path):
    env = engine_env(tmp_path)
    got = subprocess.run(
        [sys.executable, "-c", TINY_LLAMA, str(tmp_path / "tiny-llama")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert got.returncode == 0, got.stderr
    print(got.stdout.strip())
    assert (tmp_path / "tiny-llama" / "config.json").is_file()


@requires_llama_cpp
def test_llama_cpp_imports_at_the_built_version():
    import llama_cpp

    print("llama_cpp", llama_cpp.__version__)
    assert llama_cpp.__version__ == LLAMA_CPP_VERSION


@requires_vllm
def test_vllm_imports_on_the_cpu_platform(tmp_path):
    got = subprocess.run(
        [
            vllm_python(),
            "-c",
            "import vllm; from vllm.platforms import current_platform as p; "
            "print(vllm.__version__, p.device_type, p.is_cpu())",
        ],
        env=engine_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert got.returncode == 0, got.stderr
    print(got.stdout.strip())
    assert got.stdout.split()[-2:] == ["cpu", "True"], got.stdout
