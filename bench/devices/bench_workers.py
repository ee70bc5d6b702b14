"""Several CPU workers against one process, measured side by side in one run
(docs/devices.md).

    python bench/devices/bench_workers.py [--smoke] [--compiler build/bin/shapescript]

A training step of an MLP big enough that its matrix products dominate
(batch 256, 512 -> 2048 -> 512 -> 10), run by `shapescript run` on `cpu`
(one process, every core) and on `cpu*2` (two Gloo workers, the cores
shared out): the median time between consecutive steps' log records, in
rounds that alternate the two, and the ratio. Then the all-reduce's share
of a `cpu*2` step: two Gloo processes all-reduce a buffer the size of the
model's gradients, as value_and_grad does, timed against that step.

--smoke: a small model, one round, to prove the benchmark works (CTest
bench_devices_smoke).
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROGRAM = """
import python data

dim D = {d}
dim H = {h}
dim C = 10

model Mlp:
    w1: [D H] = normal(0.02)
    w2: [H D] = normal(0.02)
    w3: [D C] = normal(0.02)

data Example:
    x: [D]
    y: Index[C]

fn loss(m: Mlp, batch: Batch[Example]) -> [] f32:
    h = batch.x @ m.w1 |> gelu
    return cross_entropy((h @ m.w2 |> gelu) @ m.w3, batch.y)

fn step(mut m: Mlp, mut opt: Optimizer[Mlp], batch: Batch[Example]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch)
    update(m, opt, grads)
    return l

fn main():
    train = data.examples({n}, {d}) as Dataset[Example]
    m = Mlp.init(seed=0)
    opt = sgd(m, lr=0.01)
    for batch in train |> batches({batch}):
        log(loss=step(m, opt, batch))
"""

DATA = """
import torch

def examples(n, d):
    g = torch.Generator().manual_seed(0)
    return {"x": torch.randn(n, d, generator=g), "y": torch.randint(0, 10, (n,), generator=g)}
"""

ALL_REDUCE = """
import os, statistics, sys, time
import torch, torch.distributed as dist

dist.init_process_group("gloo")
buffer = torch.randn(int(sys.argv[1]))
times = []
for i in range(int(sys.argv[2]) + 3):
    dist.barrier()
    start = time.perf_counter()
    dist.all_reduce(buffer)
    buffer /= 2
    if i >= 3:
        times.append(time.perf_counter() - start)
if dist.get_rank() == 0:
    print(statistics.median(times))
dist.destroy_process_group()
"""


def step_seconds(folder, compiler, devices):
    """The median time between consecutive steps of one run."""
    logs = folder / ("logs-" + devices.replace("*", "x"))
    done = subprocess.run(
        [
            compiler,
            "run",
            "bench.ss",
            "--python",
            sys.executable,
            "--devices",
            devices,
            "--sinks",
            "jsonl",
            "--log-dir",
            str(logs),
        ],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit("bench_workers: the run on %s failed:\n%s" % (devices, done.stderr))
    times = [json.loads(line)["time"] for line in (logs / "log.jsonl").read_text().splitlines()]
    gaps = [b - a for a, b in zip(times[2:], times[3:], strict=False)]  # the first steps warm up
    return statistics.median(gaps)


def all_reduce_seconds(folder, numel, reps):
    script = folder / "all_reduce.py"
    script.write_text(ALL_REDUCE)
    env = dict(os.environ, OMP_NUM_THREADS=str(max(1, (os.cpu_count() or 1) // 2)))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "torch.distributed.run",
            "--nproc-per-node",
            "2",
            "--master-port",
            str(_free_port()),
            str(script),
            str(numel),
            str(reps),
        ],
        cwd=folder,
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    return float(out.stdout.strip().splitlines()[-1])


def _free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--compiler", default=str(ROOT / "build" / "bin" / "shapescript"))
    opts = parser.parse_args()
    d, h, batch, steps, rounds = (64, 128, 64, 8, 1) if opts.smoke else (512, 2048, 256, 24, 3)
    numel = d * h + h * d + d * 10
    with tempfile.TemporaryDirectory(prefix="bench-workers-") as tmp:
        folder = pathlib.Path(tmp)
        (folder / "bench.ss").write_text(textwrap.dedent(PROGRAM.format(d=d, h=h, n=batch * steps, batch=batch)))
        (folder / "data.py").write_text(DATA)
        one, two = [], []
        for i in range(rounds):
            order = [("cpu", one), ("cpu*2", two)]
            for devices, into in order if i % 2 == 0 else reversed(order):
                into.append(step_seconds(folder, opts.compiler, devices))
        reduce = all_reduce_seconds(folder, numel, 5 if opts.smoke else 30)
    step1, step2 = statistics.median(one), statistics.median(two)
    print(
        "model: %d parameters, batch %d, %d steps a run, %d rounds; %d cores"
        % (numel, batch, steps, rounds, os.cpu_count() or 1)
    )
    print("step on cpu:    %8.2f ms" % (step1 * 1e3))
    print("step on cpu*2:  %8.2f ms   speed-up %.2fx" % (step2 * 1e3, step1 / step2))
    print("all-reduce of the gradients on cpu*2: %.2f ms, %.1f%% of its step" % (reduce * 1e3, 100 * reduce / step2))


if __name__ == "__main__":
    main()
