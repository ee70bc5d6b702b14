"""Draws made in a recorded step (docs/types.md, "Constructors"): the
README's training with noise drawn by `randn` and `rand_like` beside its
dropout, recorded on the CPU stand-in of CUDA graphs (fake_cuda.py), is
bit for bit the unrecorded training: each replay reseeds every draw's
generator with the seed it would have had without recording."""

import importlib.util
import subprocess

import pytest

from conftest import ROOT
from runtime_testing import real_compiler
from test_recording import _train_on_stand_in

NOISY = (
    "    h = x @ m.w1 + m.b1 + randn([b H], mode) * 0.1 + rand_like(x, mode) @ m.w1 * 0.1 |> gelu |> dropout(0.1, mode)"
)


@pytest.fixture(scope="module")
def noisy_digits(tmp_path_factory):
    """examples/digits.ss whose hidden layer adds drawn noise, built."""
    source = (ROOT / "examples" / "digits.ss").read_text()
    plain = "    h = x @ m.w1 + m.b1 |> gelu |> dropout(0.1, mode)"
    assert plain in source
    folder = tmp_path_factory.mktemp("noisy")
    (folder / "noisy.ss").write_text(source.replace(plain, NOISY))
    out = folder / "noisy_generated.py"
    command = [real_compiler(), "build", str(folder / "noisy.ss"), "-o", str(out)]
    r = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    spec = importlib.util.spec_from_file_location("noisy_generated", out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def recording_on():
    import shapescript

    was = shapescript.record_steps(True)
    yield
    shapescript.record_steps(was)


def test_draws_in_a_recorded_step_are_bit_for_bit_unrecorded(
    noisy_digits, digits_module, quiet_log, recording_on, monkeypatch
):
    import torch

    params, losses, step, _, _ = _train_on_stand_in(noisy_digits, monkeypatch, 6, recorded=True)
    monkeypatch.undo()
    want_params, want_losses, *_ = _train_on_stand_in(noisy_digits, monkeypatch, 6, recorded=False)
    assert step.report()["replayed"] == 5
    assert torch.equal(losses, want_losses)
    for a, b in zip(params, want_params, strict=True):
        assert torch.equal(a, b)
    # The noise is drawn: the same steps without it train otherwise.
    assert not torch.equal(losses, _train_on_stand_in(digits_module, monkeypatch, 6, recorded=False)[1])


def test_a_step_recorded_in_sample_mode_draws_with_dropout_off(noisy_digits, quiet_log, recording_on, monkeypatch):
    """Sample is another graph than Train (the signature's key), and the
    recording runs the step's Python in Sample too: dropout off, draws on."""
    import torch

    import shapescript.rt as rt

    params, losses, step, _, _ = _train_on_stand_in(noisy_digits, monkeypatch, 4, recorded=True, mode_kind=rt.Sample)
    monkeypatch.undo()
    want_params, want_losses, *_ = _train_on_stand_in(noisy_digits, monkeypatch, 4, recorded=False, mode_kind=rt.Sample)
    assert step.report()["replayed"] == 3
    assert torch.equal(losses, want_losses)
    for a, b in zip(params, want_params, strict=True):
        assert torch.equal(a, b)
    trained = _train_on_stand_in(noisy_digits, monkeypatch, 4, recorded=False)[1]
    assert not torch.equal(losses, trained)  # Train's dropout is on
