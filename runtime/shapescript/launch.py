"""The controller of a run on several workers (docs/devices.md): starts one
worker process per device, each the runner itself with torch.distributed's
environment variables set, as torchrun would set them, and watches them.

A worker that ends with an error stops the others within seconds, and the
run ends naming it; Ctrl-C stops them all. No worker outlives the
controller (Linux kills a worker whose controller dies)."""

import ctypes
import os
import signal
import socket
import subprocess
import sys
import time

# How long a worker told to stop (SIGINT: it closes its sinks) may take
# before it is killed.
STOP_GRACE_S = 5.0
POLL_S = 0.05
# A worker's exit status when it failed because another one left (its
# collective lost a peer): the controller names the one that left instead.
LOST_PEER = 3
# How long a controller that saw only such workers end waits for the one
# that caused it.
CAUSE_GRACE_S = 2.0


def free_port():
    """A TCP port on this machine nothing listens on (for the workers'
    rendezvous)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent():
    """In a worker, before it runs: killed when the controller dies, so a
    controller killed outright leaves no worker behind (Linux only)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def worker_environment(rank, size, port, threads):
    env = dict(os.environ)
    env.update(
        RANK=str(rank),
        WORLD_SIZE=str(size),
        LOCAL_RANK=str(rank),
        LOCAL_WORLD_SIZE=str(size),
        MASTER_ADDR="127.0.0.1",
        MASTER_PORT=str(port),
        SHAPESCRIPT_CONTROLLER=str(os.getpid()),
    )
    if "OMP_NUM_THREADS" not in os.environ:  # the cores shared out, not each worker taking them all
        env["OMP_NUM_THREADS"] = str(threads)
    return env


def _ending(rc):
    if rc < 0:
        try:
            return "was killed by %s" % signal.Signals(-rc).name
        except ValueError:
            return "was killed by signal %d" % -rc
    return "ended with exit status %d" % rc


def run_workers(argv, count, err=None, module="shapescript.runner"):
    """Runs `python -m MODULE ARGV` (the runner, or worker_main for a
    Python call) as `count` workers and waits for them: 0 when all end
    well, 130 on Ctrl-C, else 1 after stopping the rest, with a line naming
    the worker that failed first."""
    err = err or sys.stderr
    port = free_port()
    threads = max(1, (os.cpu_count() or 1) // count)
    procs = []
    try:
        for rank in range(count):
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", module, *argv],
                    env=worker_environment(rank, count, port, threads),
                    start_new_session=True,  # Ctrl-C comes to the controller, which stops them
                    preexec_fn=_die_with_parent,
                )
            )
        lost_since = None
        while True:
            codes = [p.poll() for p in procs]
            failed = [(rank, rc) for rank, rc in enumerate(codes) if rc not in (None, 0)]
            causes = [(rank, rc) for rank, rc in failed if rc != LOST_PEER]
            if failed and not causes:
                lost_since = lost_since or time.monotonic()
                if time.monotonic() - lost_since < CAUSE_GRACE_S:
                    time.sleep(POLL_S)
                    continue
            if failed:
                rank, rc = (causes or failed)[0]
                _stop(procs, signal.SIGTERM)
                err.write(
                    "shapescript: worker %d of %d (pid %d) %s; the others were stopped\n"
                    % (rank, count, procs[rank].pid, _ending(rc))
                )
                return rc if rc in (1, 2) else 1
            if all(rc == 0 for rc in codes):
                return 0
            time.sleep(POLL_S)
    except KeyboardInterrupt:
        _stop(procs, signal.SIGINT)
        err.write("interrupted\n")
        return 130
    finally:
        _stop(procs, signal.SIGKILL)


def _stop(procs, sig):
    """Sends `sig` to the workers still running; waits for them up to the
    grace time, then kills them."""
    alive = [p for p in procs if p.poll() is None]
    for p in alive:
        try:
            p.send_signal(sig)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + STOP_GRACE_S
    for p in alive:
        try:
            p.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
