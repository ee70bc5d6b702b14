"""examples/digits.ss, the README's training example: its functions against
PyTorch by hand (forward, loss, one AdamW step with clipping), draws that
repeat, and the whole program run by `shapescript run` as the README does."""

import json
import os
import subprocess

import pytest
import torch
import torch.nn.functional as F

import shapescript.rt as _ss_rt
from conftest import EXAMPLES, ROOT, compiler

# The example plus what the tests need: an optimizer with a fixed rate.
EXTRA = """
fn make_opt(m: Mlp) -> Optimizer[Mlp]:
    return adamw(m, lr=0.001, weight_decay=0.01)
"""


@pytest.fixture
def digits(build):
    return build((EXAMPLES / "digits.ss").read_text() + EXTRA, "--checks", "always", "--value-checks", "always")


def a_batch(module, n=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    data = {"image": torch.rand(n, 64, generator=g), "label": torch.randint(0, 10, (n,), generator=g)}
    dataset = _ss_rt.cast(data, _ss_rt.DatasetSpec(module.Digit), "test")
    return next(iter(_ss_rt.batches(dataset, n))), data


def logits_by_hand(m, x):
    return F.gelu(x @ m.w1 + m.b1) @ m.w2 + m.b2


def test_logits_and_loss_match_pytorch_in_eval(digits):
    m = digits.Mlp.init(seed=0)
    batch, data = a_batch(digits)
    torch.testing.assert_close(digits.logits(m, data["image"], _ss_rt.Eval), logits_by_hand(m, data["image"]))
    torch.testing.assert_close(
        digits.loss(m, batch, _ss_rt.Eval), F.cross_entropy(logits_by_hand(m, data["image"]), data["label"])
    )
    acc = digits.accuracy(m, batch)
    want = (logits_by_hand(m, data["image"]).argmax(1) == data["label"]).float().mean()
    torch.testing.assert_close(acc, want)


def test_a_train_step_matches_adamw_by_hand(digits):
    m = digits.Mlp.init(seed=0)
    opt = digits.make_opt(m)
    reference = digits.Mlp.init(seed=0)
    params = [reference.w1, reference.b1, reference.w2, reference.b2]
    torch_opt = torch.optim.AdamW(params, lr=0.001, weight_decay=0.01)
    for step in range(3):
        batch, data = a_batch(digits, seed=step)
        loss = digits.train_step(m, opt, batch, _ss_rt.Eval)
        want = F.cross_entropy(logits_by_hand(reference, data["image"]), data["label"])
        torch_opt.zero_grad()
        want.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        torch_opt.step()
        torch.testing.assert_close(loss, want.detach())
    for name in ("w1", "b1", "w2", "b2"):
        torch.testing.assert_close(getattr(m, name), getattr(reference, name), rtol=1e-5, atol=1e-6)


def test_dropout_draws_repeat_with_the_seed_and_differ_by_step(digits):
    batch, data = a_batch(digits)
    x = data["image"]

    def run(seed):
        m = digits.Mlp.init(seed=0)
        mode = _ss_rt.Train(seed=seed)
        first = digits.logits(m, x, mode)
        second = digits.logits(m, x, mode)  # same step: the same draw
        digits.train_step(m, digits.make_opt(m), batch, mode)  # one step: the next draw differs
        third = digits.logits(digits.Mlp.init(seed=0), x, mode)
        return first, second, third

    a1, a2, a3 = run(0)
    b1, _, _ = run(0)
    c1, _, _ = run(1)
    assert torch.equal(a1, a2) and torch.equal(a1, b1)
    assert not torch.equal(a1, a3)
    assert not torch.equal(a1, c1)
    assert not torch.equal(a1, digits.logits(digits.Mlp.init(seed=0), x, _ss_rt.Eval))


def test_a_batch_of_the_wrong_record_is_an_argument_error(digits):
    import shapescript

    m = digits.Mlp.init(seed=0)
    with pytest.raises(shapescript.ArgumentError) as error:
        digits.logits(m, torch.rand(4, 63), _ss_rt.Eval)
    assert "logits" in str(error.value) and "`x`" in str(error.value) and "63" in str(error.value)


def test_the_readme_example_trains_to_95_percent(tmp_path):
    """The README's first command runs this program: it must reach 95% test
    accuracy, with a log, a loss curve and a checkpoint. (How long it takes
    is bench/runtime's to measure: a timed test fails on a busy machine.)"""
    env = dict(os.environ)
    # The tree's runtime, whatever the working directory (the program runs in tmp_path).
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "runtime"), env.get("PYTHONPATH", "")])
    result = subprocess.run(
        [str(compiler()), "run", str(EXAMPLES / "digits.ss"), "--log-dir", str(tmp_path / "runs")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    records = [json.loads(line) for line in (tmp_path / "runs" / "log.jsonl").read_text().splitlines()]
    losses = [r["loss"] for r in records if "loss" in r]
    assert len(losses) == 20 * 23
    assert sum(losses[-23:]) / 23 < sum(losses[:23]) / 23 / 3
    final = [r["final_test_accuracy"] for r in records if "final_test_accuracy" in r]
    last_epoch = [r["test_accuracy"] for r in records if "test_accuracy" in r][-1]
    assert final and final[-1] >= 0.95, final
    assert final[-1] == pytest.approx(last_epoch)  # the checkpoint gives back the trained model
    assert (tmp_path / "runs" / "curves.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "digits.safetensors").exists()
