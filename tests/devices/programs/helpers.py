"""Data and faults for the programs of tests/devices: examples made here
from a seed (no files, no network), and a worker that dies on purpose."""

import os
import signal
import time

import torch


def examples(n, seed=0):
    """n examples of 16 features and a label of 4 classes that depends on
    them, the same on every worker."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 16, generator=g)
    y = (x[:, :4].argmax(1) + (x[:, 4] > 1).long()) % 4
    return {"x": x, "y": y}


def fault(epoch):
    """What SS_TEST_FAULT asks of worker SS_TEST_FAULT_RANK at epoch
    SS_TEST_FAULT_EPOCH: `kill` (it dies by SIGKILL), `raise` (an error),
    `hang` (it sleeps, as if stuck, until stopped)."""
    what = os.environ.get("SS_TEST_FAULT")
    if not what or int(os.environ.get("RANK", "0")) != int(os.environ.get("SS_TEST_FAULT_RANK", "1")):
        return
    if epoch != int(os.environ.get("SS_TEST_FAULT_EPOCH", "1")):
        return
    if what == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if what == "raise":
        raise RuntimeError("worker fault asked for by the test")
    if what == "hang":
        with open(os.environ["SS_TEST_FAULT_READY"], "w") as f:
            f.write(str(os.getpid()))
        time.sleep(600)


def rank():
    """This worker's rank (0 alone): a seed that differs between workers."""
    return int(os.environ.get("RANK", "0"))


def note_draws(folder):
    """Writes what this worker draws from torch's global generator without
    a seed of its own to FOLDER/draws<RANK>.txt."""
    with open(os.path.join(folder, "draws%d.txt" % rank()), "w") as f:
        f.write(repr(torch.rand(4).tolist()))
