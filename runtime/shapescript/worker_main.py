"""A worker's side of a Python call of a program loaded for several workers
(worker_call.py is the controller's): `python -m shapescript.worker_main
JOB` joins the world, loads the program under the caller's module name,
makes the call, and the first worker writes what it gave and what it
changed."""

import json
import os
import sys

import torch

from . import compiler, devices, launch, padding, recording, tracebacks, workers


def main(argv=None):
    """A worker's side of a call: joins the world, loads the program, makes
    the call; the first worker writes the result."""
    argv = sys.argv[1:] if argv is None else argv
    job = argv[0]
    with open(os.path.join(job, "call.json"), encoding="utf-8") as f:
        header = json.load(f)
    sys.path[:] = header["sys_path"]
    names = header["devices"].split(",") if header["devices"] else None
    try:
        if names is None:
            names = compiler.generated_devices(
                compiler.build(
                    header["source"],
                    header["checks"],
                    header["value_checks"],
                    None,
                    header["padding"],
                    search=header.get("search", ()),
                )
            )
        chosen = devices.placement(names)
        workers.join(chosen.kind, chosen.devices)
        padding.fixed_shapes(header["fixed_shapes"])
        recording.record_steps(header["record_steps"])
        module = compiler.load(
            header["source"],
            header["checks"],
            header["value_checks"],
            name=header["module"],
            devices=header["devices"],
            padding=header["padding"],
            search=header.get("search", ()),
            _from_runner=True,
        )
        args, kwargs = torch.load(os.path.join(job, "arguments.pt"), weights_only=False)
        result = getattr(module, header["fn"])(*args, **kwargs)
        if workers.is_first():
            out = os.path.join(job, "result.pt")
            torch.save((result, args, kwargs), out + ".tmp")
            os.replace(out + ".tmp", out)
        workers.leave(True)
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # noqa: BLE001 - a worker's error, printed for the caller
        if workers.lost_peer(e):
            return launch.LOST_PEER
        if workers.is_first():
            sys.stderr.write(tracebacks.format_exception(e))
        else:
            print("worker %d: %s: %s" % (workers.world().rank, type(e).__name__, e), file=sys.stderr)
        return 1
    finally:
        workers.leave(False)


if __name__ == "__main__":
    workers.exit_worker(main())
