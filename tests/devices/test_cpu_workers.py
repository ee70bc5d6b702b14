"""Several CPU workers (Gloo) against one device, with real worker
processes: `shapescript run` with `cpu*N`, the batch split 22/21/21 with
its padding, workers that hold only padding, torchrun as two nodes, and
the faults (docs/devices.md)."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from shapescript import workers

HERE = Path(__file__).parent
PROGRAMS = HERE / "programs"
BIN = Path(os.environ["SS_BIN_DIR"]) / "shapescript"
PYTHON = sys.executable


def run_command(program="trainer.ss", log_dir="logs", sinks="jsonl"):
    """`shapescript run PROGRAM` logging to LOG_DIR, as the tests run it."""
    return [str(BIN), "run", program, "--python", PYTHON, "--sinks", sinks, "--log-dir", log_dir]


def torchrun_command(*launcher, log_dir="logs"):
    """`shapescript run trainer.ss` launched by torchrun with `launcher`'s
    options."""
    return [PYTHON, "-m", "torch.distributed.run", *launcher, "--no-python", *run_command(log_dir=log_dir)]


def outcome(done, folder, log_dir="logs"):
    """(completed process, the log's records, the weights saved) of a run in `folder`."""
    log = folder / log_dir / "log.jsonl"
    records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    weights = folder / "net.safetensors"
    return done, records, load_file(weights) if weights.exists() else None


def run(tmp_path, devices, *args, env=None, name="run", timeout=240):
    """`shapescript run trainer.ss` on `devices` in a copy of the programs
    folder; its outcome."""
    folder = tmp_path / name
    shutil.copytree(PROGRAMS, folder, dirs_exist_ok=True)
    cmd = run_command() + (["--devices", devices] if devices else [])
    done = subprocess.run(
        cmd + list(args), cwd=folder, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})}
    )
    return outcome(done, folder)


def assert_same_run(one, several, tolerance=2e-6):
    """The same losses, statistics and final weights (model and optimizer
    state) up to the order of additions."""
    (_, log1, w1), (_, logn, wn) = one, several
    assert len(log1) == len(logn) > 0
    for a, b in zip(log1, logn, strict=True):
        assert a.keys() == b.keys()
        for key in a:
            if key not in ("time", "step"):
                assert a[key] == pytest.approx(b[key], rel=tolerance, abs=tolerance), (key, a, b)
    assert w1.keys() == wn.keys()
    for key in w1:
        torch.testing.assert_close(wn[key], w1[key], rtol=tolerance, atol=tolerance, msg=key)


def test_parts_are_contiguous_and_as_even_as_possible():
    assert workers.part_bounds(64, 3) == [(0, 22), (22, 43), (43, 64)]
    assert workers.part_bounds(2, 3) == [(0, 1), (1, 2), (2, 2)]
    assert workers.part_bounds(9, 3) == [(0, 3), (3, 6), (6, 9)]


@pytest.mark.parametrize("n", [150, 128], ids=["padded-last-batch", "full-batches"])
def test_three_workers_train_as_one_device(tmp_path, n):
    # 150 = 64 + 64 + 22: the last batch is padded to 64 and split 22/21/21,
    # so workers 1 and 2 hold only padding; 128 has no padded batch.
    one = run(tmp_path, "cpu", "--n", str(n), name="one")
    several = run(tmp_path, "cpu*3", "--n", str(n), name="three")
    assert one[0].returncode == 0, one[0].stderr
    assert several[0].returncode == 0, several[0].stderr
    assert_same_run(one, several)


def test_the_files_devices_line_is_used_and_logs_are_written_once(tmp_path):
    folder = tmp_path / "line"
    shutil.copytree(PROGRAMS, folder)
    source = (folder / "trainer.ss").read_text()
    (folder / "trainer.ss").write_text(
        source.replace("import python helpers\n", "import python helpers\n\ndevices cpu*2\n")
    )
    done = subprocess.run(
        run_command(sinks="terminal,jsonl") + ["--epochs", "1"], cwd=folder, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr
    records = (folder / "logs" / "log.jsonl").read_text().splitlines()
    assert len(records) == 3 + 2  # one record per log call, not one per worker
    assert (done.stdout + done.stderr).count("saved epoch 0") == 1  # print, once


def test_torchrun_as_two_nodes(tmp_path):
    """Two torchrun launches on this machine, one per node, of one process
    each: the world is both, and the run is the one-device run."""
    one = run(tmp_path, "cpu", name="one")
    folder = tmp_path / "nodes"
    shutil.copytree(PROGRAMS, folder)
    port = str(_free_port())
    nodes = []
    for node in range(2):
        cmd = torchrun_command(
            *("--nnodes", "2", "--nproc-per-node", "1", "--node-rank", str(node)),
            *("--master-addr", "127.0.0.1", "--master-port", port),
            log_dir="logs%d" % node,
        )
        nodes.append(subprocess.Popen(cmd, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    outs = [p.communicate(timeout=300) for p in nodes]
    for p, (_, err) in zip(nodes, outs, strict=True):
        assert p.returncode == 0, err
    assert not (folder / "logs1" / "log.jsonl").exists()  # the second node's process is not the first worker
    assert_same_run(one, outcome(None, folder, "logs0"))


def _free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    "devices, named",
    [
        ("cpu*0", "'cpu*0'"),
        ("cpu*-2", "'cpu*-2'"),
        ("cpu*100000", "'cpu*100000'"),
        ("gpu:0", "'gpu:0'"),
        ("cuda:%d" % (torch.cuda.device_count() + 7), "isn't there"),
        ("cpu,cuda:0", "mixes"),
        ("cpu*2,cpu*2", "listed twice"),
        ("cuda:0,cuda:256", "past the last GPU index"),
        (",", "found nothing"),
    ],
)
def test_bad_device_lists_exit_2_naming_the_entry(tmp_path, devices, named):
    done, _, _ = run(tmp_path, devices, timeout=60)
    assert done.returncode == 2, done.stderr
    assert named in done.stderr
    assert "Traceback" not in done.stderr


def _children_of(pid):
    """The pids of the processes whose parent is `pid` (Linux /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path("/proc/%d/stat" % pid)
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


def _processes_marked(mark):
    """The pids of this user's processes whose environment holds `mark`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if mark.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return [pid for pid in found if _alive(pid)]


@pytest.mark.parametrize("fault", ["kill", "raise"])
def test_a_worker_that_dies_stops_the_run_naming_it(tmp_path, fault):
    start = time.monotonic()
    mark = "SS_TEST_MARK=%d-%s" % (os.getpid(), fault)
    done, records, weights = run(
        tmp_path,
        "cpu*3",
        env={
            "SS_TEST_FAULT": fault,
            "SS_TEST_FAULT_RANK": "1",
            "SS_TEST_FAULT_EPOCH": "2",
            mark.split("=")[0]: mark.split("=")[1],
        },
    )
    assert done.returncode == 1, done.stderr
    assert "worker 1 of 3" in done.stderr
    assert ("SIGKILL" in done.stderr) if fault == "kill" else ("worker fault asked for" in done.stderr)
    assert time.monotonic() - start < 60
    assert _processes_marked(mark) == []  # no worker left behind
    # The checkpoints of the epochs before are there, whole.
    assert weights is not None and "0/w1" in weights
    assert {r["epoch"] for r in records} <= {0, 1, 2}


def test_ctrl_c_stops_every_worker(tmp_path):
    folder = tmp_path / "interrupted"
    shutil.copytree(PROGRAMS, folder)
    ready = tmp_path / "ready"
    env = {
        **os.environ,
        "SS_TEST_FAULT": "hang",
        "SS_TEST_FAULT_RANK": "0",
        "SS_TEST_FAULT_EPOCH": "0",
        "SS_TEST_FAULT_READY": str(ready),
    }
    controller = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "shapescript.runner",
            "trainer.ss",
            "--devices",
            "cpu*2",
            "--sinks",
            "jsonl",
            "--log-dir",
            "logs",
        ],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ready.exists(), controller.stderr.read() if controller.poll() is not None else "no worker got ready"
    worker_pids = _children_of(controller.pid)
    assert len(worker_pids) == 2
    controller.send_signal(signal.SIGINT)
    _, err = controller.communicate(timeout=30)
    assert controller.returncode == 130, err
    assert "interrupted" in err
    time.sleep(0.5)
    assert not any(_alive(pid) for pid in worker_pids)


@pytest.mark.parametrize("fixed_shapes", [True, False], ids=["padded", "unpadded"])
def test_a_python_call_runs_on_the_workers_and_brings_back_what_it_changed(tmp_path, monkeypatch, fixed_shapes):
    """load(devices="cpu*3"): `fit` called from Python trains on three
    workers, and the caller's model, optimizer and mode come back as one
    device leaves them. Unpadded (fixed_shapes(False)), the last batch of
    22 is split 8/7/7 as it is."""
    import shapescript
    import shapescript.rt as rt

    folder = tmp_path / "python"
    shutil.copytree(PROGRAMS, folder)
    monkeypatch.syspath_prepend(str(folder))
    one = shapescript.load(folder / "trainer.ss", devices="cpu", name="trainer_one_device")
    several = shapescript.load(folder / "trainer.ss", devices="cpu*3")
    import helpers

    was = shapescript.fixed_shapes(fixed_shapes)
    try:
        results = []
        for module in (one, several):
            m = module.Net.init(seed=0)
            opt = rt.adamw(m, lr=1e-2, weight_decay=0.01)
            mode = rt.Train(seed=3)
            module.fit(m, opt, helpers.examples(150), mode)
            results.append((m, opt, mode))
    finally:
        shapescript.fixed_shapes(was)
    (m1, o1, t1), (m3, o3, t3) = results
    assert (o3.count, t3.root._steps) == (o1.count, t1.root._steps) == (3, 3)
    for (name, p1), (_, p3) in zip(m1.named_parameters(), m3.named_parameters(), strict=True):
        torch.testing.assert_close(p3, p1, rtol=2e-6, atol=2e-6, msg=name)
    state1, state3 = o1.torch_optimizer.state_dict()["state"], o3.torch_optimizer.state_dict()["state"]
    torch.testing.assert_close(state3, state1, rtol=2e-6, atol=2e-6)


def test_a_python_call_that_fails_on_the_workers_raises(tmp_path, monkeypatch):
    import shapescript

    folder = tmp_path / "failing"
    shutil.copytree(PROGRAMS, folder)
    monkeypatch.syspath_prepend(str(folder))
    several = shapescript.load(folder / "trainer.ss", devices="cpu*2")
    monkeypatch.setenv("SS_TEST_FAULT", "raise")
    monkeypatch.setenv("SS_TEST_FAULT_RANK", "0")
    monkeypatch.setenv("SS_TEST_FAULT_EPOCH", "0")
    with pytest.raises(shapescript.ShapeScriptError, match=r"main\(\) failed on the workers"):
        several.main(n=64, epochs=1, out=str(tmp_path / "never.safetensors"))
    assert not (tmp_path / "never.safetensors").exists()


def test_a_value_pairing_examples_of_a_split_batch_is_refused(tmp_path):
    folder = tmp_path / "pairs"
    shutil.copytree(PROGRAMS, folder)
    cmd = run_command("pairs.ss")
    alone = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=120)
    assert alone.returncode == 0, alone.stderr
    split = subprocess.run(cmd + ["--devices", "cpu*2"], cwd=folder, capture_output=True, text=True, timeout=120)
    assert split.returncode == 1
    assert "pairs the examples of a batch split across 2 workers" in split.stderr
    assert "run it on one device" in split.stderr


def test_workers_start_alike_and_a_model_that_differs_between_them_is_refused(tmp_path):
    folder = tmp_path / "differ"
    shutil.copytree(PROGRAMS, folder)
    cmd = run_command("differ.ss") + ["--devices", "cpu*2", "--draws", str(tmp_path)]
    same = subprocess.run(cmd + ["--per-worker", "false"], cwd=folder, capture_output=True, text=True, timeout=120)
    assert same.returncode == 0, same.stderr
    # Unseeded draws are the same on every worker, as one device draws once.
    assert (tmp_path / "draws0.txt").read_text() == (tmp_path / "draws1.txt").read_text()
    differs = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=120)
    assert differs.returncode == 1
    assert "the workers' Lin models differ" in differs.stderr
