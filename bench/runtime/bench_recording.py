"""Recorded steps against the same steps run operation by operation and
against torch.compile(mode="reduce-overhead"), side by side in one run
(docs/recording.md). Its figures need CUDA; elsewhere it says so, and
with --smoke runs its whole path on the CPU (where steps run as they are)
so that what a GPU session runs is known to work.

    python bench/runtime/bench_recording.py [--smoke] [--compiler build/bin/shapescript]

Two steps: the README's (examples/digits.ss, a batch of 64) and a small
transformer's (examples/gpt2.ss with a training step, a batch of 8 x 128
tokens). For each: the median step time recorded, operation by operation
(record_steps(False)) and under torch.compile(mode="reduce-overhead"), in
rounds that alternate their order, each with its ratio to operation by
operation in the same round; the time recording took; and the README's
first epoch with and without recording ahead.
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

import torch

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "runtime"))
import shapescript  # noqa: E402
import shapescript.rt as rt  # noqa: E402

GPT2_STEP = """

data Tokens:
    ids: [P] Index[V]
    pos: [P] Index[P]
    next: [P] Index[V]

fn loss(m: Gpt2, batch: Batch[Tokens]) -> [] f32:
    return cross_entropy(forward(m, batch.ids, batch.pos), batch.next)

fn train_step(mut m: Gpt2, mut opt: Optimizer[Gpt2], batch: Batch[Tokens]) -> [] f32:
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    return l
"""


def build(compiler, name, text, folder):
    source = pathlib.Path(folder) / (name + ".ss")
    source.write_text(text)
    out = source.with_suffix(".py")
    subprocess.run(
        [compiler, "build", str(source), "-o", str(out), "--checks", "never", "--value-checks", "never"],
        check=True,
        capture_output=True,
    )
    spec = importlib.util.spec_from_file_location(name, out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def sync():
    if DEVICE.type == "cuda":
        torch.cuda.synchronize()


def digits_case(module):
    from shapescript.datasets import digits

    data = rt.cast(digits()[0], rt.DatasetSpec(module.Digit), "bench:1", device=DEVICE)
    batch = next(iter(rt.batches(data, 64)))
    m = module.Mlp.init(seed=0, device=DEVICE)
    opt = rt.adamw(m, lr=1e-3)
    mode = rt.Train(seed=0)
    return lambda step: step(m, opt, batch, mode)


def gpt2_case(module):
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(0, 512, (8, 128), generator=g)
    pos = torch.arange(128).expand(8, 128)
    fields = {"ids": ids.to(DEVICE), "pos": pos.to(DEVICE), "next": ids.roll(-1, 1).to(DEVICE)}
    data = rt.cast(fields, rt.DatasetSpec(module.Tokens), "bench:1", device=DEVICE)
    batch = next(iter(rt.batches(data, 8)))
    m = module.Gpt2.init(seed=0, device=DEVICE)
    opt = rt.adamw(m, lr=1e-3)
    return lambda step: step(m, opt, batch)


def median_times(variants, rounds, per_round):
    times = {name: [] for name in variants}
    names = list(variants)
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            run = variants[name]
            sync()
            start = time.perf_counter()
            for _ in range(per_round):
                run()
            sync()
            times[name].append((time.perf_counter() - start) / per_round)
    base = times["op by op"]
    return {
        n: (statistics.median(t), statistics.median(a / b for a, b in zip(t, base, strict=True)))
        for n, t in times.items()
    }


def first_epoch_seconds(module, ahead):
    """The README's first epoch from a fresh step, model and optimizer: its
    batches announced (recorded ahead) or iterated as they are (each new
    size recorded when it comes)."""
    from shapescript import recording
    from shapescript.datasets import digits

    # This step alone hears the loop's announcement: the others the bench made record nothing meanwhile.
    others = dict(recording._steps)
    recording._steps.clear()
    step = recording.RecordedStep(module.train_step.__wrapped__, "first_epoch", "bench:1")
    data = rt.cast(digits()[0], rt.DatasetSpec(module.Digit), "bench:1", device=DEVICE)
    m = module.Mlp.init(seed=0, device=DEVICE)
    opt, mode = rt.adamw(m, lr=1e-3), rt.Train(seed=0)
    epoch = rt.batches(rt.shuffle(data, 0), 64)
    sync()
    start = time.perf_counter()
    for batch in rt.batch_loop(epoch, False, "bench:2") if ahead else epoch:
        step(m, opt, batch, mode)
    sync()
    recording._steps.update(others)
    return time.perf_counter() - start


def _variants(call, step, compiled):
    """The three ways of running one step."""

    def op_by_op():
        was = shapescript.record_steps(False)
        try:
            call(step)
        finally:
            shapescript.record_steps(was)

    variants = {"op by op": op_by_op, "recorded": lambda: call(step)}
    if compiled is not None:
        variants["reduce-overhead"] = lambda: call(compiled)
    return variants


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="a few steps only")
    parser.add_argument("--compiler", default=os.environ.get("SHAPESCRIPT_BIN") or str(ROOT / "build/bin/shapescript"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        programs = {
            "digits": build(args.compiler, "digits_bench", (ROOT / "examples/digits.ss").read_text(), folder),
            "gpt2": build(args.compiler, "gpt2_bench", (ROOT / "examples/gpt2.ss").read_text() + GPT2_STEP, folder),
        }
        if DEVICE.type != "cuda":
            print("bench_recording: needs CUDA for its figures (steps are recorded only there)")
            if not args.smoke:
                return 0
            print("  --smoke: its whole path on the CPU, steps as they are; the times below mean nothing")
        rounds, per_round = (2, 3) if args.smoke else (10, 50)
        for name, case in (("digits", digits_case), ("gpt2", gpt2_case)):
            module = programs[name]
            call = case(module)
            step = module.train_step  # recorded
            # The CPU smoke compiles the small step only: GPT-2's takes minutes on two cores.
            small = DEVICE.type == "cuda" or name == "digits"
            compiled = torch.compile(step.__wrapped__, mode="reduce-overhead") if small else None
            for _ in range(3):  # warm-up, recording, and compilation
                call(step)
                if compiled is not None:
                    call(compiled)

            figures = median_times(_variants(call, step, compiled), rounds, per_round)
            print("%s train step (ratio to op by op in the same rounds)" % name)
            for variant, (seconds, ratio) in figures.items():
                print("  %-16s %9.3f ms  %5.2fx" % (variant, seconds * 1e3, ratio))
            print("  recording took %.3f s" % step.report()["recording seconds"])
        # Unpadded, so the epoch has two batch sizes: 64 and the last's.
        without, ahead = first_epoch_seconds(programs["digits"], False), first_epoch_seconds(programs["digits"], True)
        print(
            "digits first epoch (unpadded): %.3f s recording when a size comes, %.3f s recording ahead (%.2fx)"
            % (without, ahead, ahead / without)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
