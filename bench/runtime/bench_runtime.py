"""Per-call overhead of generated functions against the same computation
written by hand in PyTorch, measured side by side in one run.

    python bench/runtime/bench_runtime.py [--smoke] [--compiler build/bin/shapescript]

For each program, the hand-written function and the generated one built
with --checks never, debug and always (value checks the same) are called
on the same small inputs, in rounds that alternate their order; each
figure is the median over rounds of the time per call, and the ratio is
against the hand-written function in the same rounds. The target is at
most 1.10x with checks off (docs/generated-code.md). --smoke runs a few
calls only, to prove the benchmark works (CTest bench_runtime_smoke).
"""

import argparse
import importlib.util
import math
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn.functional as F

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "runtime"))
import shapescript.rt as _ss_rt  # noqa: E402

LEVELS = ("never", "debug", "always")


def build(compiler, source, level, out_dir):
    out = pathlib.Path(out_dir) / f"{source.stem}_{level}.py"
    subprocess.run(
        [compiler, "build", str(source), "-o", str(out), "--checks", level, "--value-checks", level],
        check=True,
        capture_output=True,
        text=True,
    )
    spec = importlib.util.spec_from_file_location(out.stem, out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ----------------------------------------------------------- the programs


def digits_case(modules):
    """The README's MLP forward (logits) in Eval, a batch of 8."""
    models = {level: mod.Mlp.init(seed=0) for level, mod in modules.items()}  # each module its own class
    m = models["never"]
    x = torch.rand(8, 64)

    def by_hand():
        return F.gelu(x @ m.w1 + m.b1) @ m.w2 + m.b2

    calls = {level: (lambda mod=mod, m=models[level]: mod.logits(m, x, _ss_rt.Eval)) for level, mod in modules.items()}
    return by_hand, calls


def attention_case(modules):
    """examples/attention.ss, one sequence of 4 tokens."""
    D, H = 768, 12
    Dh = D // H
    x = torch.randn(1, 4, D)
    w_qkv, w_o = torch.randn(D, 3 * D) * 0.02, torch.randn(D, D) * 0.02

    def by_hand():
        b, n, _ = x.shape
        q, k, v = (x @ w_qkv).view(b, n, 3, H, Dh).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-1, -2)) * (1 / math.sqrt(Dh))
        mask = torch.ones(n, n, dtype=torch.bool).tril()
        att = att.masked_fill(~mask, float("-inf")).softmax(-1)
        return (att @ v).transpose(1, 2).reshape(b, n, D) @ w_o

    calls = {level: (lambda mod=mod: mod.causal_attention(x, w_qkv, w_o)) for level, mod in modules.items()}
    return by_hand, calls


CASES = {"digits.logits": ("digits.ss", digits_case), "attention": ("attention.ss", attention_case)}


def per_call(fn, calls):
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a few calls only: check that it runs")
    parser.add_argument("--compiler", default=os.environ.get("SHAPESCRIPT_BIN", str(ROOT / "build/bin/shapescript")))
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=400)
    args = parser.parse_args()
    rounds, calls = (2, 5) if args.smoke else (args.rounds, args.calls)
    torch.set_num_threads(1)  # per-call overhead, not kernel parallelism

    print(
        f"torch {torch.__version__}, {torch.get_num_threads()} thread, {rounds} rounds x {calls} calls; "
        "median time per call, ratio to hand-written in the same rounds"
    )
    print(f"{'program':16} {'hand-written':>13} " + " ".join(f"{'checks ' + level:>20}" for level in LEVELS))
    worst_off = 0.0
    with tempfile.TemporaryDirectory() as out_dir:
        for name, (file, make) in CASES.items():
            modules = {level: build(args.compiler, ROOT / "examples" / file, level, out_dir) for level in LEVELS}
            by_hand, generated = make(modules)
            variants = {"hand": by_hand, **generated}
            for fn in variants.values():  # warm-up, and the two agree
                fn()
            with torch.no_grad():
                want = by_hand()
                for fn in generated.values():
                    torch.testing.assert_close(fn(), want, rtol=1e-5, atol=1e-5)
            times = {k: [] for k in variants}
            ratios = {k: [] for k in generated}
            with torch.no_grad():
                for r in range(rounds):
                    order = list(variants) if r % 2 == 0 else list(reversed(variants))
                    measured = {k: per_call(variants[k], calls) for k in order}
                    for k, t in measured.items():
                        times[k].append(t)
                    for k in generated:
                        ratios[k].append(measured[k] / measured["hand"])
            hand = statistics.median(times["hand"])
            cells = []
            for level in LEVELS:
                ratio = statistics.median(ratios[level])
                cells.append(f"{statistics.median(times[level]) * 1e6:8.1f} us {ratio:5.2f}x")
                if level == "never":
                    worst_off = max(worst_off, ratio)
            print(f"{name:16} {hand * 1e6:10.1f} us " + " ".join(f"{c:>20}" for c in cells))
    verdict = "meets" if worst_off <= 1.10 else "misses"
    print(f"checks never: at most {worst_off:.2f}x hand-written ({verdict} the 1.10x target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
