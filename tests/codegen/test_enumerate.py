"""`for i, x in enumerate(xs)` counts a loop's passes from 0, as Python's
enumerate does, and leaves the loop what it was: a loop over batches is
padded and trains exactly as the same loop with a counter of its own."""

import inspect
import pathlib

import torch

PROGRAM = pathlib.Path(__file__).resolve().parents[1] / "check/control/enumerate_ok.ss"


def test_a_counted_loop_over_batches_trains_as_the_plain_one(build):
    import shapescript.rt as rt

    module = build(PROGRAM)
    # Still the padded loop over batches, counted.
    assert "in enumerate(_ss_rt.batch_loop(" in inspect.getsource(module.enumerated)
    assert ", True, " in inspect.getsource(module.enumerated)
    g = torch.Generator().manual_seed(0)
    rows = rt.Dataset({"x": torch.randn(10, 4, generator=g), "y": torch.randint(0, 3, (10,), generator=g)}, module.Ex)
    results = []
    for train in (module.enumerated, module.counted):
        m = module.Lin.init(seed=0)
        opt = rt.sgd(m, lr=0.5)
        steps = train(m, opt, rows)
        results.append((steps, m.w.detach().clone()))
    (steps, w), (plain_steps, plain_w) = results
    assert steps == plain_steps == 3  # 10 rows in batches of 4, the last has 2; counted from 0
    assert torch.equal(w, plain_w)
