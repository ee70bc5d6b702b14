"""One worker of test_recorded_workers.py: the README's training on a batch
split over the workers, its step recorded on the CPU stand-in of CUDA
graphs (tests/runtime/fake_cuda.py) and not, with padding and without.
Writes what it saw to OUT/rank<N>.json.

    RANK=.. WORLD_SIZE=.. MASTER_ADDR=.. MASTER_PORT=.. python recorded_worker.py OUT
"""

import json
import pathlib
import sys

import pytest
import torch

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "runtime"))

import fake_cuda  # noqa: E402 - after its folder is on the path
import shapescript  # noqa: E402
import shapescript.rt as rt  # noqa: E402
from shapescript import padding, recording, workers  # noqa: E402
from shapescript.datasets import digits  # noqa: E402

STEPS = 24  # an epoch of 23 batches, and one


def train(d, recorded, padded):
    """(parameters, losses, the step's report) after STEPS steps."""
    patches = pytest.MonkeyPatch()
    try:
        m = d.Mlp.init(seed=0)
        opt = rt.adamw(m, lr=rt.warmup(5, rt.cosine(3e-3, 50)), weight_decay=0.01)
        step = d.train_step.__wrapped__
        if recorded:
            harness = fake_cuda.FakeCuda(patches, m, opt)
            step = recording.RecordedStep(harness.capturable(step), "stand_in", "t.ss:1")
        else:  # the rate a recorded update reads, as a tensor
            for group in opt.torch_optimizer.param_groups:
                group["lr"] = torch.tensor(float(group["lr"]))
        mode = rt.Train(seed=0)
        data = rt.cast(digits()[0], rt.DatasetSpec(d.Digit), "t.ss:1")
        losses = []
        was = padding.fixed_shapes(padded)
        try:
            while len(losses) < STEPS:
                # The checker pads this loop: with fixed shapes off, its last batch is split as it is.
                for batch in rt.batch_loop(rt.batches(rt.shuffle(data, len(losses)), 64), True, "t.ss:2"):
                    losses.append(step(m, opt, batch, mode, _ss_pad={1: batch.pad_mask}))
                    if len(losses) == STEPS:
                        break
        finally:
            padding.fixed_shapes(was)
        return [p.detach().clone() for p in m.parameters()], torch.stack(losses), step.report() if recorded else None
    finally:
        patches.undo()


def main(out):
    workers.join("cpu", [])
    d = shapescript.load(ROOT / "examples" / "digits.ss", name="digits_recorded_worker")
    seen = {}
    for padded in (True, False):
        params, losses, report = train(d, True, padded)
        want_params, want_losses, _ = train(d, False, padded)
        seen["padded" if padded else "unpadded"] = {
            "report": {
                k: v for k, v in report.items() if k in ("graphs", "recorded ahead", "replayed", "ran as it is")
            },
            "bit_for_bit": torch.equal(losses, want_losses)
            and all(torch.equal(a, b) for a, b in zip(params, want_params, strict=True)),
            "losses": losses.tolist(),
        }
    rank = workers.world().rank
    (pathlib.Path(out) / ("rank%d.json" % rank)).write_text(json.dumps(seen))
    workers.leave(True)


if __name__ == "__main__":
    main(sys.argv[1])
    workers.exit_worker(0)
