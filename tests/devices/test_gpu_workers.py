"""Several GPUs (NCCL), one worker each, against one GPU: the same run of
trainer.ss, with its steps recorded as CUDA graphs (the gradients'
all-reduce inside them). Runs as it is on a machine with two or more CUDA
devices; elsewhere each test skips, saying why."""

import pytest
import torch
from test_cpu_workers import assert_same_run, run

GPUS = torch.cuda.device_count() if torch.cuda.is_available() else 0
pytestmark = pytest.mark.skipif(GPUS < 2, reason="needs two CUDA devices; this machine has %d" % GPUS)


def test_two_gpus_train_as_one(tmp_path):
    one = run(tmp_path, "cuda:0", name="one")
    two = run(tmp_path, "cuda:0,cuda:1", name="two")
    assert one[0].returncode == 0, one[0].stderr
    assert two[0].returncode == 0, two[0].stderr
    assert_same_run(one, two, tolerance=1e-5)


def test_a_cuda_index_that_is_not_there(tmp_path):
    done, _, _ = run(tmp_path, "cuda:0,cuda:%d" % GPUS, timeout=60)
    assert done.returncode == 2 and "isn't there" in done.stderr
