"""Training a program's `Lin` with padding on and off (docs/padding.md):
the programs of test_padding.py and test_modules_analyses.py, whose
`train(m, opt, data, epochs)` loops over `data |> batches(8)` of examples
with `x: [4]` and `y: Index[3]`."""

import pytest
import torch

import shapescript
import shapescript.padding
import shapescript.rt as _ss_rt


@pytest.fixture(params=["host prefixes", "masks only"])
def masked_form(request, monkeypatch):
    """A test once with the masked operations' host form (a mask's real
    count known on the host: padding.real_prefix) and once with the masks
    alone, as a traced or recorded step runs them."""
    monkeypatch.setattr(shapescript.padding, "_host_prefixes", request.param == "host prefixes")
    return request.param


def examples(n, seed=0):
    g = torch.Generator().manual_seed(seed)
    return {"x": torch.randn(n, 4, generator=g), "y": torch.randint(0, 3, (n,), generator=g)}


def trained(module, data, padded, epochs=3):
    """The model after `train`, with padding on or off, and the loop's shapes."""
    shapescript.shapes_seen(reset=True)
    was = shapescript.fixed_shapes(padded)
    try:
        m = module.Lin.init(seed=0)
        opt = _ss_rt.adamw(m, lr=0.05)
        module.train(m, opt, data, epochs)
    finally:
        shapescript.fixed_shapes(was)
    return m, shapescript.shapes_seen()


def assert_padded_trains_as_plain(module, loop_at):
    """21 examples (batches of 8, 8 and 5): padded, the loop ending in
    `loop_at` (FILE:LINE) sees one shape and the model ends as unpadded."""
    data = examples(21)
    padded, seen_padded = trained(module, data, True)
    plain, seen_plain = trained(module, data, False)
    for name, value in padded.named_parameters():
        assert torch.isfinite(value).all()
        torch.testing.assert_close(value, getattr(plain, name), rtol=1e-5, atol=1e-6)
    (loop,) = [k for k in seen_padded if k.endswith(loop_at)]
    assert seen_padded[loop] == [((8, 4), (8,))]
    assert seen_plain[loop] == [((5, 4), (5,)), ((8, 4), (8,))]


# The program those tests train, with a loss of their own: `loss` is the
# body of `fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:`, indented.
LIN_PROGRAM = """
dim F = 4
dim C = 3

data Ex:
    x: [F]
    y: Index[C]

model Lin:
    w: [F C] = normal(0.3)

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
%s

fn step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch)
    update(m, opt, grads)
    return l

fn train(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex], epochs: int):
    for epoch in 0..epochs:
        for batch in data |> batches(8):
            log(loss=step(m, opt, batch))
"""


def assert_loss_trains_padded_as_plain(build, loss):
    """LIN_PROGRAM with `loss`, built with every check on, trains padded
    as unpadded (assert_padded_trains_as_plain)."""
    source = LIN_PROGRAM % loss
    module = build(source, "--checks", "always", "--value-checks", "always")
    line = source.splitlines().index("        for batch in data |> batches(8):") + 1
    assert_padded_trains_as_plain(module, ":%d" % line)
