"""The serving exports, measured side by side in one run (docs/export.md).

    python bench/serving/bench_serving.py [--smoke] [--compiler build/bin/shapescript]

Export time of examples/llama.ss and gpt2.ss each way: a .pt2 (torch.export,
the reference), a Hugging Face folder (`--hf`, verified with transformers)
and a GGUF file (`--gguf`, the pairing search in f64); the median of
rounds that alternate their order, and each one's ratio to the .pt2's.

Tokens per second of llama's exported model on the CPU, greedy, 32 new
tokens after a 16-token prompt: transformers running the folder (no cache:
`use_cache` is false, each step computes from the start), vLLM's offline
LLM running the same folder (its own venv; load and compile not counted),
and llama.cpp running the GGUF file (an f32 cache); each one's ratio to
transformers.

--smoke: gpt2 only, one round, the GGUF export and llama.cpp and
transformers on 4 tokens, to prove the benchmark works (CTest
bench_serving_smoke; vLLM is the serving test's).
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PROMPT = list(range(1, 17))

VLLM_SCRIPT = """
import json, sys, time

def main():
    from vllm import LLM, SamplingParams

    folder, prompt, new = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
    llm = LLM(model=folder, trust_remote_code=True, model_impl="transformers", skip_tokenizer_init=True,
              dtype="float32", max_model_len=128, seed=0, gpu_memory_utilization=0.3)
    params = SamplingParams(max_tokens=new, temperature=0.0, ignore_eos=True)
    llm.generate([{"prompt_token_ids": prompt}], params)  # warm
    start = time.perf_counter()
    out = llm.generate([{"prompt_token_ids": prompt}], params)
    seconds = time.perf_counter() - start
    print("RESULT " + json.dumps({"tokens": len(out[0].outputs[0].token_ids), "seconds": seconds}))

if __name__ == "__main__":
    main()
"""


def engine_env(folder):
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.update(HF_HOME=str(pathlib.Path(folder) / "hf-home"), HF_HUB_OFFLINE="1", VLLM_NO_USAGE_STATS="1")
    env["VLLM_CACHE_ROOT"] = str(pathlib.Path(folder) / "vllm-cache")
    return env


def export_seconds(compiler, example, how, folder, n):
    """Wall time of one `shapescript export` of `example` to a new output."""
    source = EXAMPLES / (example + ".ss")
    out = pathlib.Path(folder) / ("%s_%s_%d" % (example, how, n))
    args = {"pt2": ["-o", str(out) + ".pt2"], "hf": ["--hf", str(out)], "gguf": ["--gguf", str(out) + ".gguf"]}[how]
    start = time.perf_counter()
    subprocess.run(
        [compiler, "export", str(source), "--python", sys.executable, *args],
        check=True,
        capture_output=True,
        env=engine_env(folder),
    )
    return time.perf_counter() - start


def export_times(compiler, examples, rounds, folder):
    ways = ["pt2", "hf", "gguf"]
    for example in examples:
        times = {w: [] for w in ways}
        for r in range(rounds):
            for way in ways if r % 2 == 0 else ways[::-1]:
                times[way].append(export_seconds(compiler, example, way, folder, r))
        reference = statistics.median(times["pt2"])
        for way in ways:
            median = statistics.median(times[way])
            print("  export %-6s %-5s %7.2f s  %5.2fx the .pt2's" % (example, way, median, median / reference))


def transformers_rate(folder, new, env):
    """Greedy generation with the folder in transformers, in a process of its own."""
    script = (
        "import json, sys, time, torch\n"
        "from transformers import AutoModelForCausalLM\n"
        "torch.set_num_threads(1)\n"
        "m = AutoModelForCausalLM.from_pretrained(sys.argv[1], trust_remote_code=True).eval()\n"
        "ids = torch.tensor([json.loads(sys.argv[2])])\n"
        "with torch.no_grad():\n"
        "    m.generate(ids, max_new_tokens=2, do_sample=False, use_cache=False)\n"
        "    start = time.perf_counter()\n"
        "    out = m.generate(ids, max_new_tokens=int(sys.argv[3]), do_sample=False, use_cache=False)\n"
        "seconds = time.perf_counter() - start\n"
        "print('RESULT ' + json.dumps({'tokens': out.shape[1] - ids.shape[1], 'seconds': seconds}))\n"
    )
    return _rate([sys.executable, "-c", script, str(folder), json.dumps(PROMPT), str(new)], env)


def llama_cpp_rate(gguf_file, new):
    from llama_cpp import Llama

    llm = Llama(model_path=str(gguf_file), n_ctx=128, type_k=0, type_v=0, n_threads=1, verbose=False)
    llm.eval(PROMPT)
    llm.reset()
    start = time.perf_counter()
    tokens = 0
    for _ in llm.generate(PROMPT, top_k=1, temp=0.0):
        tokens += 1
        if tokens == new:
            break
    return tokens / (time.perf_counter() - start)


def vllm_rate(folder, new, env):
    python = pathlib.Path(
        os.environ.get("SHAPESCRIPT_VLLM_VENV") or pathlib.Path.home() / ".cache/shapescript/vllm-venv"
    )
    python = python / "bin" / "python"
    if not python.exists():
        return None
    env = dict(env, VLLM_CPU_OMP_THREADS_BIND="0", OMP_NUM_THREADS="1")
    return _rate([str(python), "-c", VLLM_SCRIPT, str(folder), json.dumps(PROMPT), str(new)], env, timeout=1200)


def _rate(argv, env, timeout=600):
    r = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=timeout)
    lines = [line for line in r.stdout.splitlines() if line.startswith("RESULT ")]
    if r.returncode != 0 or not lines:
        raise RuntimeError("%s failed:\n%s" % (argv[0], r.stderr[-3000:]))
    result = json.loads(lines[-1][len("RESULT ") :])
    return result["tokens"] / result["seconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--compiler", default=str(ROOT / "build" / "bin" / "shapescript"))
    args = parser.parse_args()
    examples, rounds, new = (["gpt2"], 1, 4) if args.smoke else (["llama", "gpt2"], 3, 32)
    example = examples[0]
    with tempfile.TemporaryDirectory(prefix="bench-serving-") as folder:
        env = engine_env(folder)
        if args.smoke:
            seconds = export_seconds(args.compiler, example, "gguf", folder, 0)
            print("  export %s gguf %.2f s (--smoke: one export, the figures mean nothing)" % (example, seconds))
        else:
            print("export time, median of %d rounds (ratio to the .pt2's in the same rounds):" % rounds)
            export_times(args.compiler, examples, rounds, folder)
        model = pathlib.Path(folder) / "served"
        for way, out in (("--hf", model), ("--gguf", model.with_suffix(".gguf"))):
            subprocess.run(
                [args.compiler, "export", str(EXAMPLES / (example + ".ss")), way, str(out), "--python", sys.executable],
                check=True,
                capture_output=True,
                env=env,
            )
        print(
            "%s, greedy, %d new tokens after %d, one CPU thread where the engine allows:" % (example, new, len(PROMPT))
        )
        reference = transformers_rate(model, new, env)
        rates = {"transformers (the folder, no cache)": reference}
        rates["llama.cpp (the GGUF file, f32 cache)"] = llama_cpp_rate(model.with_suffix(".gguf"), new)
        if not args.smoke:
            rates["vLLM (the folder, its Transformers backend)"] = vllm_rate(model, new, env)
        for name, rate in rates.items():
            if rate is None:
                print("  %-46s not measured: vLLM's venv isn't there (bash scripts/setup-serving)" % name)
            else:
                print("  %-46s %8.1f tokens/s  %6.2fx transformers" % (name, rate, rate / reference))
    return 0


if __name__ == "__main__":
    sys.exit(main())
