"""Several GPUs (NCCL), one worker each, against one GPU: the same run of
trainer.ss, with its steps recorded as CUDA graphs (the gradients'
all-reduce inside them). Runs as it is on a machine with two or more CUDA
devices; elsewhere each test skips, saying why."""

import shutil
import subprocess

import pytest
import torch
from test_cpu_workers import PROGRAMS, _free_port, assert_same_run, outcome, run, torchrun_command

GPUS = torch.cuda.device_count() if torch.cuda.is_available() else 0
two_gpus = pytest.mark.skipif(GPUS < 2, reason="needs two CUDA devices; this machine has %d" % GPUS)
one_gpu = pytest.mark.skipif(GPUS < 1, reason="needs a CUDA device; this machine has none")


@one_gpu
def test_one_nccl_worker_under_torchrun_trains_as_one_gpu(tmp_path):
    """torchrun with one process on cuda:0: the NCCL world, recorded steps
    with its collectives, against the same run without torchrun."""
    one = run(tmp_path, "cuda:0", name="one")
    folder = tmp_path / "torchrun"
    shutil.copytree(PROGRAMS, folder)
    launcher = ("--nproc-per-node", "1", "--master-port", str(_free_port()))
    done = subprocess.run(
        torchrun_command(*launcher) + ["--devices", "cuda:0"], cwd=folder, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert_same_run(one, outcome(done, folder), tolerance=1e-5)


@two_gpus
def test_two_gpus_train_as_one(tmp_path):
    one = run(tmp_path, "cuda:0", name="one")
    two = run(tmp_path, "cuda:0,cuda:1", name="two")
    assert one[0].returncode == 0, one[0].stderr
    assert two[0].returncode == 0, two[0].stderr
    assert_same_run(one, two, tolerance=1e-5)


@one_gpu
def test_a_cuda_index_that_is_not_there(tmp_path):
    done, _, _ = run(tmp_path, "cuda:0,cuda:%d" % GPUS, timeout=60)
    assert done.returncode == 2 and "isn't there" in done.stderr
