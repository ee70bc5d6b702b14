"""The runtime under the module the compiler generates for
examples/digits.ss (the digits_module fixture builds it): the contract of
docs/generated-code.md end to end, against plain PyTorch."""

import pytest
import torch
import torch.nn.functional as F

import shapescript.rt as rt
from shapescript import ArgumentError, sinks
from shapescript.datasets import digits


@pytest.fixture
def d(digits_module, quiet_log):
    return digits_module


def test_argument_checks_through_generated_functions(d):
    m = d.Mlp.init(seed=0)
    with pytest.raises(ArgumentError) as e:
        d.logits(m, torch.zeros(32, 63), rt.Eval)
    assert str(e.value) == "logits(): argument `x`, axis 2 `P`: expected size 64, found 63 (x has shape [32, 63])"
    assert d.logits(m, torch.zeros(5, 64), rt.Eval).shape == (5, 10)
    with pytest.raises(ArgumentError, match=r"main\(\): argument `epochs`: expected int, found str '3'"):
        d.main("3")


def test_one_train_step_against_plain_torch(d):
    data = rt.cast(digits()[0], rt.DatasetSpec(d.Digit), "t.ss:1")
    batch = next(iter(rt.batches(rt.shuffle(data, 0), 64)))
    m = d.Mlp.init(seed=0)
    opt = rt.adamw(m, lr=rt.warmup(50, rt.cosine(3e-3, 460)), weight_decay=0.01)
    mode = rt.Train(seed=0)
    # By hand: the same parameters, the dropout mask of the draw at the same path and step.
    w1, b1, w2, b2 = (p.detach().clone().requires_grad_() for p in (m.w1, m.b1, m.w2, m.b2))
    ref = torch.optim.AdamW([w1, b1, w2, b2], lr=3e-3 * 0.5 * (1 + 1) / 50, weight_decay=0.01)
    draw = mode.at("train_step#0").at("value_and_grad#0").at("logits#0").at("dropout#0")
    g = torch.Generator()
    g.manual_seed(rt.draw_seed(draw))
    h = F.gelu(batch.image @ w1 + b1)
    keep = torch.empty(h.shape).bernoulli_(0.9, generator=g)
    loss = F.cross_entropy((h * keep / 0.9) @ w2 + b2, batch.label)
    loss.backward()
    torch.nn.utils.clip_grad_norm_([w1, b1, w2, b2], 1.0)
    ref.step()

    value = d.train_step(m, opt, batch, mode.at("train_step#0"))
    assert torch.allclose(value, loss.detach())
    for ours, theirs in zip((m.w1, m.b1, m.w2, m.b2), (w1, b1, w2, b2), strict=True):
        assert torch.allclose(ours, theirs, atol=1e-7)
    assert mode.steps == 1 and opt.count == 1


class Records(sinks.Sink):
    """The records of a run, kept."""

    def __init__(self):
        self.records = []

    def write(self, step, wall, values):
        self.records.append(values)


def run_main(d, epochs, folder, *more_sinks):
    """d.main(epochs) in `folder` (where it saves digits.safetensors): its
    records, also sent to `more_sinks`."""
    import os

    records = Records()
    previous = sinks.log_to(records, *more_sinks)
    cwd = os.getcwd()
    folder.mkdir(exist_ok=True)
    os.chdir(folder)
    try:
        d.main(epochs)
    finally:
        os.chdir(cwd)
        sinks.log_to(*previous)
    return records.records


def test_training_learns(d, tmp_path):
    records = run_main(d, 3, tmp_path)
    acc = records[-1]["final_test_accuracy"]
    assert acc > 0.6  # untrained: about 0.1; 20 epochs reach about 0.97
    # The checkpoint it saved, loaded by hand, gives the accuracy it logged.
    m = rt.cast(rt.load(tmp_path / "digits.safetensors"), rt.ModelSpec(d.Mlp), "t.ss:1")
    test = rt.cast(digits()[1], rt.DatasetSpec(d.Digit), "t.ss:1")
    assert d.accuracy(m, next(iter(rt.batches(test, len(test))))).item() == acc
    assert rt.load(tmp_path / "digits.safetensors").values[1]["count"] == 3 * 23


def test_training_is_reproducible(d, tmp_path):
    run_main(d, 1, tmp_path / "a")
    run_main(d, 1, tmp_path / "b")
    a = rt.load(tmp_path / "a" / "digits.safetensors")
    b = rt.load(tmp_path / "b" / "digits.safetensors")
    assert set(a.tensors) == set(b.tensors) and len(a.tensors) == 4 + 4 * 3  # fields; step, exp_avg, exp_avg_sq
    for k in a.tensors:
        assert torch.equal(a.tensors[k], b.tensors[k]), k


def test_logs_of_a_run(d, tmp_path):
    import json

    jsonl = sinks.JsonLines(tmp_path / "log.jsonl")
    run_main(d, 1, tmp_path, jsonl)
    jsonl.close()
    records = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert len(records) == 23 + 1 + 1
    assert all(set(r) == {"step", "time", "epoch", "loss"} for r in records[:23])
    assert set(records[23]) == {"step", "time", "epoch", "test_accuracy"}
    assert set(records[24]) == {"step", "time", "final_test_accuracy"}
