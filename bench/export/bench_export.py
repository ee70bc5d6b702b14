"""Exported programs against the generated module in eager mode, and what
exporting costs, measured side by side in one run (docs/export.md).

    python bench/export/bench_export.py [--smoke] [--compiler build/bin/shapescript]

Per call: the README's attention (examples/attention.ss) at two sizes, as
the module `shapescript build` writes (checks never), its .pt2 run by
`torch.export.load(...).module()`, and its AOTInductor package run by
`torch._inductor.aoti_load_package`, on the same inputs, one torch thread,
under no_grad, in rounds that alternate their order; each figure is the
median time per call and the median ratio to eager in the same round. It
first checks that all three agree.

Export time per example: torch.export's trace (the export module's
`_ss_export()`), and AOTInductor's compilation of what it traced, with
inductor's caches off (TORCHINDUCTOR_FORCE_DISABLE_CACHES=1, unless set).

--smoke traces attention alone and times a few calls without AOTInductor,
to prove the benchmark works (CTest bench_export_smoke).
"""

import argparse
import importlib.util
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

# Compilation timed cold: inductor's caches would give the time of a cache hit.
os.environ.setdefault("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "1")

import torch  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
# (file, function): the examples that export (tests/cli/test_export.py runs each).
EXPORTS = [
    ("attention.ss", "causal_attention"),
    ("patch_embedding.ss", "patches"),
    ("exported.ss", "first_image_patches"),
    ("exported.ss", "clip_norm_to"),
    ("exported.ss", "recurrent_state"),
]
SIZES = [(1, 16), (8, 128)]  # attention's (b, n)


def import_file(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def export_module(compiler, source, fn, folder):
    out = pathlib.Path(folder) / f"{source.stem}_{fn}_export.py"
    subprocess.run(
        [compiler, "export", str(source), "--fn", fn, "--emit-python", str(out)], check=True, capture_output=True
    )
    return import_file(out, out.stem)


def eager_module(compiler, source, folder):
    out = pathlib.Path(folder) / f"{source.stem}_eager.py"
    args = [compiler, "build", str(source), "-o", str(out), "--checks", "never", "--value-checks", "never"]
    subprocess.run(args, check=True, capture_output=True)
    return import_file(out, out.stem)


def timed(function):
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def export_times(compiler, folder, smoke):
    """name -> (trace seconds, AOTInductor seconds or None), and attention's programs."""
    rows, programs = {}, {}
    for file, fn in EXPORTS[:1] if smoke else EXPORTS:
        module = export_module(compiler, EXAMPLES / file, fn, folder)
        exported, trace = timed(module._ss_export)
        aoti = None
        if not smoke:
            package = pathlib.Path(folder) / f"{fn}.pt2"
            _, aoti = timed(
                lambda e=exported, p=package: torch._inductor.aoti_compile_and_package(e, package_path=str(p))
            )
            if fn == "causal_attention":
                programs["aoti"] = torch._inductor.aoti_load_package(str(package))
        if fn == "causal_attention":
            programs["exported"] = exported.module()
        rows[f"{file}:{fn}"] = (trace, aoti)
    return rows, programs


def per_call(calls, rounds, per_round):
    """Median seconds per call of each, and its median ratio to `eager`."""
    times = {name: [] for name in calls}
    names = list(calls)
    for r in range(rounds):
        order = names if r % 2 == 0 else names[::-1]
        for name in order:
            call = calls[name]
            start = time.perf_counter()
            for _ in range(per_round):
                call()
            times[name].append((time.perf_counter() - start) / per_round)
    ratios = {n: statistics.median(t / e for t, e in zip(times[n], times["eager"], strict=True)) for n in names}
    return {n: statistics.median(times[n]) for n in names}, ratios


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="attention's trace and a few calls, no AOTInductor")
    parser.add_argument("--compiler", default=os.environ.get("SHAPESCRIPT_BIN") or str(ROOT / "build/bin/shapescript"))
    args = parser.parse_args()
    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory() as folder:
        rows, programs = export_times(args.compiler, folder, args.smoke)
        print("export time per example (s)")
        print(f"  {'example':40} {'trace':>8} {'aoti':>8}")
        for name, (trace, aoti) in rows.items():
            print(f"  {name:40} {trace:8.2f} {'-' if aoti is None else f'{aoti:8.2f}':>8}")
        eager = eager_module(args.compiler, EXAMPLES / "attention.ss", folder).causal_attention
        D = 768
        g = torch.Generator().manual_seed(0)
        w_qkv, w_o = torch.randn(D, 3 * D, generator=g) * 0.02, torch.randn(D, D, generator=g) * 0.02
        print("\nattention per call (one thread, no_grad; ratio to eager in the same rounds)")
        for b, n in SIZES[:1] if args.smoke else SIZES:
            x = torch.randn(b, n, D, generator=g)
            calls = {"eager": lambda x=x: eager(x, w_qkv, w_o)}
            calls.update({name: (lambda p=p, x=x: p(x, w_qkv, w_o)) for name, p in programs.items()})
            with torch.no_grad():
                want = calls["eager"]()
                for name, call in calls.items():
                    torch.testing.assert_close(call(), want, rtol=1e-4, atol=1e-5, msg=f"{name} differs from eager")
                medians, ratios = per_call(calls, 3 if args.smoke else 15, 2 if args.smoke else 20)
            for name in calls:
                print(f"  b={b:<2} n={n:<4} {name:9} {medians[name] * 1e3:9.3f} ms  {ratios[name]:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
