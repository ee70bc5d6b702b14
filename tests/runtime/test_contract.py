"""The runtime under a module written as docs/generated-code.md says the
code generator writes examples/digits.ss (fixtures/digits_generated.py):
the contract end to end, against plain PyTorch."""
import pytest
import torch
import torch.nn.functional as F

import shapescript.rt as rt
from shapescript import ArgumentError
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
    draw = mode.at("train_step#0").at("loss#0").at("logits#0").at("dropout#0")
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


def test_training_learns(d, tmp_path):
    acc = d.main(3, str(tmp_path / "a.safetensors"))
    assert acc.dtype == torch.float32 and acc.item() > 0.6  # untrained: about 0.1; 20 epochs reach about 0.97
    m = d.reload(str(tmp_path / "a.safetensors"))
    test = rt.cast(digits()[1], rt.DatasetSpec(d.Digit), "t.ss:1")
    assert torch.equal(d.accuracy(m, next(iter(rt.batches(test, len(test))))), acc)
    assert rt.load(tmp_path / "a.safetensors").values[1]["count"] == 3 * 23


def test_training_is_reproducible(d, tmp_path):
    d.main(1, str(tmp_path / "a.safetensors"))
    d.main(1, str(tmp_path / "b.safetensors"))
    a = rt.load(tmp_path / "a.safetensors")
    b = rt.load(tmp_path / "b.safetensors")
    assert set(a.tensors) == set(b.tensors) and len(a.tensors) == 4 + 4 * 3  # fields; step, exp_avg, exp_avg_sq
    for k in a.tensors:
        assert torch.equal(a.tensors[k], b.tensors[k]), k


def test_logs_of_a_run(d, tmp_path):
    from shapescript import sinks
    jsonl = sinks.JsonLines(tmp_path / "log.jsonl")
    sinks.log_to(jsonl)
    d.main(1, str(tmp_path / "m.safetensors"))
    jsonl.close()
    import json
    records = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert len(records) == 23 + 1
    assert all(set(r) == {"step", "time", "epoch", "loss"} for r in records[:23])
    assert set(records[-1]) == {"step", "time", "epoch", "test_accuracy"}
