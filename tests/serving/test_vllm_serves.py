"""vLLM serves the Hugging Face folders of `examples/llama.ss` and `gpt2.ss`
(tied embeddings, learned positions), each trained briefly
on generated data (tests/serving/trained.py; docs/export.md,
"Hugging Face folders and vLLM"): its Transformers backend runs the compiled
model with its own embedding, paged attention and output layer, and two
requests packed into one batch get the source's prompt log-probabilities
(to 1e-3 on the CPU) and greedy tokens.

vLLM runs in its own venv (scripts/setup-serving), offline, with its
caches in the test's folder; the source's numbers are computed here."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest
import torch

from serving_engines import engine_env, requires_vllm, shapescript_bin, vllm_python
from trained import train

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
PROMPTS = [[1, 2, 3, 4, 5, 6, 7], [9, 8, 7]]
NEW_TOKENS = 4

# Run by vLLM's python: the folder served offline, as `vllm serve DIR
# --trust-remote-code --model-impl transformers --skip-tokenizer-init` would.
SERVE = textwrap.dedent(
    """
    import json, sys

    def main():
        from vllm import LLM, SamplingParams

        folder, prompts, new_tokens = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
        llm = LLM(model=folder, trust_remote_code=True, model_impl="transformers", skip_tokenizer_init=True,
                  dtype="float32", max_model_len=64, seed=0, gpu_memory_utilization=0.3)
        params = SamplingParams(max_tokens=new_tokens, temperature=0.0, prompt_logprobs=0)
        out = []
        for o in llm.generate([{"prompt_token_ids": p} for p in prompts], params):
            logprobs = [next(iter(d.values())).logprob for d in o.prompt_logprobs[1:]]
            out.append({"prompt_logprobs": logprobs, "tokens": list(o.outputs[0].token_ids)})
        print("RESULT " + json.dumps(out))

    if __name__ == "__main__":
        main()
    """
)


def source_numbers(module, model):
    """The source's prompt log-probabilities and greedy tokens."""
    out = []
    with torch.no_grad():
        for prompt in PROMPTS:
            ids = torch.tensor([prompt])
            logits = module.forward(model, ids, torch.arange(len(prompt))[None])
            logprobs = torch.log_softmax(logits, -1)[0]
            sequence, tokens = list(prompt), []
            for _ in range(NEW_TOKENS):
                step = module.forward(model, torch.tensor([sequence]), torch.arange(len(sequence))[None])
                tokens.append(int(step[0, -1].argmax()))
                sequence.append(tokens[-1])
            out.append(
                {
                    "prompt_logprobs": [logprobs[i - 1, prompt[i]].item() for i in range(1, len(prompt))],
                    "tokens": tokens,
                }
            )
    return out


@requires_vllm
# split/gpt2: GPT-2 in two files (docs/modules.md), the folder's code holding both.
@pytest.mark.parametrize("example", ["llama", "gpt2", "split/gpt2"])
def test_vllm_serves_the_trained_examples_folders_with_the_sources_numbers(tmp_path, example):
    module, model, first, last = train(example, tmp_path / "trained.safetensors")
    assert last < first * 0.8, (first, last)
    folder = tmp_path / (example.replace("/", "_") + "_hf")
    env = engine_env(tmp_path)
    weights = tmp_path / "trained.safetensors"
    made = subprocess.run(
        [shapescript_bin(), "export", EXAMPLES / (example + ".ss"), "--hf", folder, "--vllm", "--weights", weights],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert made.returncode == 0, made.stderr
    env["VLLM_CACHE_ROOT"] = str(tmp_path / "vllm-cache")
    served = subprocess.run(
        [vllm_python(), "-c", SERVE, str(folder), json.dumps(PROMPTS), str(NEW_TOKENS)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert served.returncode == 0, served.stderr[-6000:]
    lines = [line for line in served.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, served.stdout[-3000:] + served.stderr[-3000:]
    got = json.loads(lines[-1][len("RESULT ") :])
    want = source_numbers(module, model)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        worst = max(abs(a - b) for a, b in zip(g["prompt_logprobs"], w["prompt_logprobs"], strict=True))
        assert worst <= 1e-3, (worst, g, w)
        assert g["tokens"] == w["tokens"], (g, w)
