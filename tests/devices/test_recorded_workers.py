"""Recorded steps on several workers, on the CPU stand-in of CUDA graphs
(tests/runtime/fake_cuda.py): each worker records its own part of each
announced batch, one graph per size on every worker and in the same order
(so their collectives pair up), and replays are bit for bit the steps run
as they are, with padding and without (docs/devices.md, "Recorded steps on
several GPUs"). On a GPU, test_gpu_workers.py runs the real thing."""

import json
import subprocess
import sys
from pathlib import Path

from shapescript import launch

HERE = Path(__file__).parent


def test_each_worker_records_its_part_of_each_announced_batch(tmp_path):
    port = launch.free_port()
    procs = [
        subprocess.Popen(
            [sys.executable, str(HERE / "recorded_worker.py"), str(tmp_path)],
            env=launch.worker_environment(rank, 3, port, 1),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for rank in range(3)
    ]
    # Collectives that don't pair up hang: a deadline, then every worker stopped.
    try:
        outs = [p.communicate(timeout=240) for p in procs]
    except subprocess.TimeoutExpired:
        for p in procs:
            p.kill()
        raise AssertionError("the workers hung: their collectives didn't pair up") from None
    for p, (_, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
    seen = [json.loads((tmp_path / ("rank%d.json" % rank)).read_text()) for rank in range(3)]
    for kind, graphs in (("padded", 1), ("unpadded", 2)):
        for rank, worker in enumerate(seen):
            report = worker[kind]["report"]
            # An epoch's sizes were announced before the first step: each recorded ahead.
            assert report == {"graphs": graphs, "recorded ahead": graphs, "replayed": 23, "ran as it is": 1}, (
                kind,
                rank,
                report,
            )
            assert worker[kind]["bit_for_bit"], (kind, rank)
        # The losses are of the whole batch: the same on every worker.
        assert seen[0][kind]["losses"] == seen[1][kind]["losses"] == seen[2][kind]["losses"]
