"""Recorded steps (shapescript/recording.py, docs/recording.md).

Here, without a GPU: the wrapper on the CPU calls the step through
unchanged and its counts say so; the switch and its environment variable;
the signature key as a pure function (each item of the seed's list changes
it, nothing else does); the reseeding of draws; and the host's whole part
of recording and replaying on a CPU stand-in of CUDA graphs
(fake_cuda.py): the README's training recorded is bit for bit unrecorded,
one graph per epoch with padding and two without, and each fault put in
(no reseeding, the rate not written, the counts not moved) is caught, and
`log`'s steps count each replay's update. On CUDA (skipped elsewhere, with the reason): the
README's example trained recorded and unrecorded, bit for bit; replays
draw new masks; graphs per epoch with and without padding; a step that
can't be recorded falls back with a RuntimeWarning; the 64-signature cap;
and seeded faults (no reseeding, a frozen learning rate, a key without the
modes), each shown to break what the tests check.
"""

import pytest
import torch

import fake_cuda
import shapescript
import shapescript.rt as rt
from shapescript import padding, recording, step_arguments, training
from shapescript.datasets import digits

CUDA = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA: recording only happens there")


@pytest.fixture
def d(digits_module, quiet_log):
    return digits_module


@pytest.fixture
def switch():
    """Recording as each test leaves it, put back after."""
    was = shapescript.record_steps(True)
    yield
    shapescript.record_steps(was)


def _batch(d, device="cpu", size=64, seed=0):
    data = rt.cast(digits()[0], rt.DatasetSpec(d.Digit), "t.ss:1", device=torch.device(device))
    return next(iter(rt.batches(rt.shuffle(data, seed), size)))


def _adamw(m):
    return rt.adamw(m, lr=rt.warmup(5, rt.cosine(3e-3, 50)), weight_decay=0.01)


def _sgd(m):
    return rt.sgd(m, lr=rt.cosine(0.05, 40), momentum=0.9)


def _trained(d, steps, device="cpu", recorded=True, optimizer=_adamw, after=None):
    """Parameters and losses after `steps` train steps on the first batches;
    `after(i, m, opt)` after step i."""
    m = d.Mlp.init(seed=0, device=device)
    opt = optimizer(m)
    mode = rt.Train(seed=0)
    data = rt.cast(digits()[0], rt.DatasetSpec(d.Digit), "t.ss:1", device=torch.device(device))
    was = shapescript.record_steps(recorded)
    try:
        losses = []
        for epoch in range(3):
            for batch in rt.batch_loop(rt.batches(rt.shuffle(data, epoch), 64), True, "t.ss:2"):
                losses.append(d.train_step(m, opt, batch, mode, _ss_pad={1: batch.pad_mask}))
                if after is not None:
                    after(len(losses), m, opt)
                if len(losses) == steps:
                    return [p.detach().clone() for p in m.parameters()], torch.stack(losses)
    finally:
        shapescript.record_steps(was)
    return [p.detach().clone() for p in m.parameters()], torch.stack(losses)


def test_on_the_cpu_a_step_runs_as_it_is_and_says_so(d, switch):
    assert isinstance(d.train_step, recording.RecordedStep) and d.train_step.__wrapped__ is not None
    before = d.train_step.report()
    m, plain = d.Mlp.init(seed=0), d.Mlp.init(seed=0)
    opt, plain_opt = rt.adamw(m, lr=1e-3), rt.adamw(plain, lr=1e-3)
    batch = _batch(d)
    for _ in range(3):
        got = d.train_step(m, opt, batch, rt.Train(seed=1))
        want = d.train_step.__wrapped__(plain, plain_opt, batch, rt.Train(seed=1))
        assert torch.equal(got, want)
    for a, b in zip(m.parameters(), plain.parameters(), strict=True):
        assert torch.equal(a, b)
    report = shapescript.recorded_steps()[d.__name__ + ".train_step"]
    assert report["ran as it is"] == before["ran as it is"] + 3
    assert report["replayed"] == 0 and report["graphs"] == 0
    assert report["runs as it is because"].startswith("not on CUDA")


def test_two_modules_steps_of_one_name_are_two_entries(d, switch):
    """recorded_steps() is keyed by module and name: a second file's
    `train_step` has its own entry, its own counts."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("digits_again", d.__file__)
    again = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(again)
    keys = (d.__name__ + ".train_step", "digits_again.train_step")
    before = {k: shapescript.recorded_steps().get(k, {}).get("ran as it is", 0) for k in keys}
    m = again.Mlp.init(seed=0)
    again.train_step(m, rt.adamw(m), _batch(again, size=8), rt.Train(seed=0))
    report = shapescript.recorded_steps()
    assert report[keys[1]]["ran as it is"] == before[keys[1]] + 1
    assert report[keys[0]]["ran as it is"] == before[keys[0]]  # the first module's step didn't run


def test_record_steps_switches_and_says_what_it_was(d, switch):
    assert shapescript.record_steps(False) is True
    assert shapescript.record_steps(False) is False
    m = d.Mlp.init(seed=0)
    d.train_step(m, rt.adamw(m), _batch(d, size=8), rt.Train(seed=0))
    assert d.train_step.report()["runs as it is because"].startswith("recording is off")
    assert shapescript.record_steps(True) is False


@pytest.mark.parametrize(
    ("value", "on"),
    [
        (None, True),
        ("", True),
        ("1", True),
        ("yes", True),
        ("0", False),
        ("false", False),
        ("OFF", False),
        (" no ", False),
    ],
)
def test_the_environment_turns_it_off(monkeypatch, value, on):
    if value is None:
        monkeypatch.delenv("SHAPESCRIPT_RECORD_STEPS", raising=False)
    else:
        monkeypatch.setenv("SHAPESCRIPT_RECORD_STEPS", value)
    assert recording._on_by_default() is on


# ---------------------------------------------------------------- the signature key


def _call(d, **change):
    """A train step's arguments, one item changed by name."""
    m = change.get("model", _call.model)
    batch = change.get("batch", _call.batch)
    return (m, change.get("opt", _call.opt), batch, change.get("mode", _call.mode)), change.get("kwargs", {})


def test_the_signature_key_holds_what_changes_a_graph_and_nothing_else(d):
    _call.model = d.Mlp.init(seed=0)
    _call.opt = rt.adamw(_call.model)
    _call.batch = _batch(d, size=8)
    _call.mode = rt.Train(seed=0)
    key = recording.signature(*_call(d))
    # The same key: other values, another seed or step count, another Train.
    same_values = _batch(d, size=8, seed=3)
    assert not torch.equal(same_values.image, _call.batch.image)
    later = rt.Train(seed=0)
    later._steps = 7
    for args in (_call(d, batch=same_values), _call(d, mode=rt.Train(seed=9)), _call(d, mode=later)):
        assert recording.signature(*args) == key
    with torch.no_grad():
        _call.model.w1.add_(1.0)  # a model's values are not its signature
    assert recording.signature(*_call(d)) == key
    # Each item of the seed's list changes it.
    other = d.Mlp.init(seed=0)
    changes = {
        "a batch's shape": _call(d, batch=_batch(d, size=16)),
        "a field's dtype": _call(d, batch=_with_field(_call.batch, "image", _call.batch.image.double())),
        "a field's device": _call(d, batch=_with_field(_call.batch, "image", _call.batch.image.to("meta"))),
        "a batch's pads": _call(d, batch=_with_pads(_call.batch)),
        "which model": _call(d, model=other),
        "which optimizer": _call(d, opt=rt.adamw(_call.model)),
        "Train or Eval": _call(d, mode=rt.Eval),
        "Train or Sample": _call(d, mode=rt.Sample(seed=0)),
        "a host int": _call(d, kwargs={"k": 2}),
        "a host float": (_call(d, kwargs={"k": 2.5})),
        "a host bool": _call(d, kwargs={"k": True}),
        "a host string": _call(d, kwargs={"k": "a"}),
        "a padded caller's masks": _call(d, kwargs={"_ss_pad": {1: torch.ones(8, dtype=torch.bool)}}),
    }
    keys = {name: recording.signature(*args) for name, args in changes.items()}
    for name, changed in keys.items():
        assert changed != key, name
    assert len(set(keys.values())) == len(keys)  # each a key of its own
    assert recording.signature(*_call(d, kwargs={"k": 2})) != recording.signature(*_call(d, kwargs={"k": 3}))
    assert recording.signature(*_call(d, kwargs={"k": 1})) != recording.signature(*_call(d, kwargs={"k": True}))
    # A padded caller passes a new dict of masks each call: the same key while their shapes are.
    masks = [{1: torch.rand(8) > 0.5} for _ in range(2)]
    assert recording.signature(*_call(d, kwargs={"_ss_pad": masks[0]})) == recording.signature(
        *_call(d, kwargs={"_ss_pad": masks[1]})
    )


def test_a_graph_s_inputs_are_its_own_copies():
    """A padded caller's dict of masks is copied too, and replays copy into it."""
    given = ({"x": torch.ones(2)}, [torch.zeros(3)])
    static = step_arguments.copies(given)
    assert static[0] is not given[0] and static[0]["x"] is not given[0]["x"]
    step_arguments.copy_into(static, ({"x": torch.full((2,), 5.0)}, [torch.ones(3)]))
    assert torch.equal(static[0]["x"], torch.full((2,), 5.0)) and torch.equal(static[1][0], torch.ones(3))
    assert torch.equal(given[0]["x"], torch.ones(2))


class _Seeded:
    """A generator that remembers what it was seeded with."""

    def __init__(self):
        self.seeds = []

    def manual_seed(self, seed):
        self.seeds.append(seed)


def test_each_draw_is_reseeded_as_it_would_draw_without_recording():
    root = rt.Train(seed=5)
    step_mode = root.at("train_step#0")
    generators = [_Seeded(), _Seeded()]
    draws = recording._Draws(generators, ("model", step_mode), {"extra": rt.Eval})
    # While recorded: two draws below the step's mode argument.
    first = step_mode.at("loss#0").at("dropout#0")
    second = step_mode.at("loss#0").at("dropout#1")
    assert draws.generator("cuda", first) is generators[0]
    assert draws.generator("cuda", second) is generators[1]
    assert [(place, below) for _, place, below in draws.noted] == [
        (1, ("loss#0", "dropout#0")),
        (1, ("loss#0", "dropout#1")),
    ]
    with pytest.raises(recording._MoreDraws):
        draws.generator("cuda", first)
    # Replays, later steps, another call's view of the same root: the seeds an unrecorded step draws with.
    for _ in range(3):
        with rt.step(root):
            view = root.at("train_step#0")
            recording.reseed(draws.noted, ("model", view), {})
            want = [rt.draw_seed(view.at("loss#0").at("dropout#%d" % i)) for i in range(2)]
            assert [g.seeds[-1] for g in generators] == want
    assert len(set(generators[0].seeds)) == 3  # a new seed each step: no frozen masks
    # A draw whose mode isn't an argument's can't be replayed.
    with pytest.raises(RuntimeError, match="isn't one of the step's arguments"):
        recording._Draws([_Seeded()], ("model",), {}).generator("cuda", first)


def test_a_model_s_tensors_are_in_its_key(d):
    m = d.Mlp.init(seed=0)
    before = recording._key(m)
    m.w2 = torch.nn.Parameter(torch.zeros(128, 11))  # a field of another shape
    assert recording._key(m) != before


def _with_field(batch, name, value):
    copy = type(batch)(dict(batch.fields, **{name: value}), batch.spec, getattr(batch, "pad_mask", None))
    return copy


def _with_pads(batch):
    rows = next(iter(batch.fields.values())).shape[0]
    return type(batch)(dict(batch.fields), batch.spec, torch.ones(rows, dtype=torch.bool))


# ---------------------------------------------------------------- the host's part, on a stand-in


def _tensor_lr(opt):
    for group in opt.torch_optimizer.param_groups:
        group["lr"] = torch.tensor(float(group["lr"]))
    return opt


def _train_on_stand_in(d, monkeypatch, steps, recorded, padded=True, announced=True, after=None, mode_kind=rt.Train):
    """Losses and parameters after `steps` steps of the README's training,
    recorded on the CPU stand-in of CUDA graphs (fake_cuda.py) or not;
    `after(loss)` after each step."""
    m = d.Mlp.init(seed=0)
    opt = rt.adamw(m, lr=rt.warmup(5, rt.cosine(3e-3, 50)), weight_decay=0.01)
    step = d.train_step.__wrapped__
    if recorded:
        harness = fake_cuda.FakeCuda(monkeypatch, m, opt)
        step = recording.RecordedStep(harness.capturable(step), "stand_in", "t.ss:1")
    else:
        _tensor_lr(opt)
    mode = mode_kind(seed=0)
    data = rt.cast(digits()[0], rt.DatasetSpec(d.Digit), "t.ss:1")
    losses = []
    was = padding.fixed_shapes(padded)
    try:
        while len(losses) < steps:
            epoch = rt.batches(rt.shuffle(data, len(losses)), 64)
            # A loop over batches announces its batch sizes; iterating them as they are doesn't.
            for batch in rt.batch_loop(epoch, padded, "t.ss:2") if announced else epoch:
                losses.append(step(m, opt, batch, mode, _ss_pad={1: batch.pad_mask}))
                if after is not None:
                    after(losses[-1])
                if len(losses) == steps:
                    break
    finally:
        padding.fixed_shapes(was)
    return [p.detach().clone() for p in m.parameters()], torch.stack(losses), step, opt, mode


@pytest.mark.parametrize(("padded", "graphs"), [(True, 1), (False, 2)])
def test_recorded_on_the_stand_in_is_bit_for_bit_unrecorded(d, switch, monkeypatch, padded, graphs):
    """24 steps (an epoch of 23 batches, and one): the warm-up, then replays of one graph
    with padding, two without, with the schedule's rate, new dropout masks
    and counts at each step."""
    params, losses, step, opt, mode = _train_on_stand_in(d, monkeypatch, 24, recorded=True, padded=padded)
    monkeypatch.undo()
    want_params, want_losses, _, want_opt, want_mode = _train_on_stand_in(d, monkeypatch, 24, False, padded)
    report = step.report()
    assert report["graphs"] == graphs and report["replayed"] == 24 - 1 and report["ran as it is"] == 1
    # The loop announced its batch sizes before the first step: each graph was recorded ahead.
    assert report["recorded ahead"] == graphs, report
    assert (opt.count, mode.steps) == (want_opt.count, want_mode.steps) == (24, 24)
    assert torch.equal(losses, want_losses)
    for a, b in zip(params, want_params, strict=True):
        assert torch.equal(a, b)


def test_without_an_announcement_each_signature_is_recorded_when_it_comes(d, switch, monkeypatch):
    params, losses, step, *_ = _train_on_stand_in(d, monkeypatch, 24, True, padded=False, announced=False)
    monkeypatch.undo()
    want_params, want_losses, *_ = _train_on_stand_in(d, monkeypatch, 24, False, padded=False, announced=False)
    report = step.report()
    assert (report["graphs"], report["recorded ahead"], report["waited for a recording"]) == (2, 0, 0)
    assert torch.equal(losses, want_losses)
    for a, b in zip(params, want_params, strict=True):
        assert torch.equal(a, b)


def test_each_replay_counts_its_update_as_a_training_step(d, switch, monkeypatch):
    """`log` after each of 24 steps, recorded on the stand-in: a replay
    runs none of the step's Python, so it counts the update itself, and
    a recording counts none; the records are at steps 1..24, as unrecorded."""
    from shapescript import sinks

    def logged(recorded):
        kept = []
        keep = type("Keep", (sinks.Sink,), {"write": lambda self, step, wall, values: kept.append(step)})()
        sinks.reset_steps()
        sinks.log_to(keep)
        try:
            *_, step, _, _ = _train_on_stand_in(d, monkeypatch, 24, recorded, after=lambda loss: rt.log(loss=loss))
        finally:
            sinks.log_to()
            sinks.reset_steps()
        return kept, step

    kept, step = logged(recorded=True)
    assert step.report()["replayed"] == 23 and step.report()["graphs"] == 1
    monkeypatch.undo()
    assert kept == logged(recorded=False)[0] == list(range(1, 25))


@pytest.mark.parametrize("fault", ["no reseeding", "the learning rate not written", "counts not moved"])
def test_each_fault_on_the_stand_in_is_caught(d, switch, monkeypatch, fault):
    if fault == "no reseeding":
        monkeypatch.setattr(recording, "reseed", lambda draws, args, kwargs: None)
    elif fault == "the learning rate not written":
        real = recording._argument
        monkeypatch.setattr(
            recording,
            "_argument",
            lambda a, k, p: _NoGroups(real(a, k, p)) if isinstance(real(a, k, p), rt.Optimizer) else real(a, k, p),
        )
    else:
        monkeypatch.setattr(recording._Graph, "_moved", lambda self, args, kwargs: None)
    params, losses, *_ = _train_on_stand_in(d, monkeypatch, 12, recorded=True)
    monkeypatch.undo()
    want_params, want_losses, *_ = _train_on_stand_in(d, monkeypatch, 12, recorded=False)
    same = torch.equal(losses, want_losses) and all(torch.equal(a, b) for a, b in zip(params, want_params, strict=True))
    assert not same, "the fault went unseen"


def test_a_new_optimizer_is_warmed_up_before_it_is_recorded(d, switch, monkeypatch):
    """A second model trained by the same step: its optimizer's first update
    makes its state, so it runs as it is once, then replays."""
    first, second = d.Mlp.init(seed=0), d.Mlp.init(seed=1)
    opts = [_adamw(first), _adamw(second)]
    harness = fake_cuda.FakeCuda(monkeypatch, first, opts[0])
    harness.also(second, opts[1])
    step = recording.RecordedStep(harness.capturable(d.train_step.__wrapped__), "two", "t.ss:1")
    batch, mode = _batch(d), rt.Train(seed=0)
    want = []
    for m, opt in zip((first, second), opts, strict=True):
        for _ in range(3):
            step(m, opt, batch, mode, _ss_pad={1: batch.pad_mask})
    report = step.report()
    assert (report["graphs"], report["ran as it is"], report["replayed"]) == (2, 2, 4), report
    # Unrecorded, the same six steps.
    monkeypatch.undo()
    again = [d.Mlp.init(seed=0), d.Mlp.init(seed=1)]
    mode = rt.Train(seed=0)
    for m, opt in zip(again, [_tensor_lr(_adamw(m)) for m in again], strict=True):
        for _ in range(3):
            d.train_step.__wrapped__(m, opt, batch, mode, _ss_pad={1: batch.pad_mask})
        want.append([p.detach().clone() for p in m.parameters()])
    for m, params in zip((first, second), want, strict=True):
        for a, b in zip(m.parameters(), params, strict=True):
            assert torch.equal(a, b)


def test_an_update_at_a_number_learning_rate_is_not_recorded(d, switch, monkeypatch):
    """A rate that is a number would be frozen in the graph: the step warns
    and runs as it is, at each update's own rate."""
    m = d.Mlp.init(seed=0)
    opt = rt.sgd(m, lr=rt.cosine(0.1, 4))
    harness = fake_cuda.FakeCuda(monkeypatch, m, opt)
    for group in opt.torch_optimizer.param_groups:
        group["lr"] = float(group["lr"])  # as torch's SGD reads it outside its fused form
    step = recording.RecordedStep(harness.capturable(d.train_step.__wrapped__), "numbers", "t.ss:1")
    batch, mode = _batch(d), rt.Train(seed=0)
    step(m, opt, batch, mode, _ss_pad={1: batch.pad_mask})
    with pytest.warns(RuntimeWarning, match="learning rate is a number"):
        step(m, opt, batch, mode, _ss_pad={1: batch.pad_mask})
    assert step.report()["graphs"] == 0 and step.report()["ran as it is"] == 2
    assert [g["lr"] for g in opt.torch_optimizer.param_groups] == [opt.schedule(1)]


class _NoGroups:
    """An optimizer whose learning rates a replay can't see (the fault)."""

    def __init__(self, opt):
        self._opt = opt

    def __getattr__(self, name):
        if name == "torch_optimizer":
            return type("NoGroups", (), {"param_groups": []})()
        return getattr(self._opt, name)

    def __setattr__(self, name, value):
        if name == "_opt":
            object.__setattr__(self, name, value)
        else:
            setattr(self._opt, name, value)


# ---------------------------------------------------------------- on CUDA


@CUDA
def test_recorded_training_is_bit_for_bit_unrecorded(d, switch):
    recorded, recorded_losses = _trained(d, 69, "cuda", recorded=True)
    plain, plain_losses = _trained(d, 69, "cuda", recorded=False)
    assert torch.equal(recorded_losses, plain_losses)
    for a, b in zip(recorded, plain, strict=True):
        assert torch.equal(a, b)
    assert d.train_step.report()["replayed"] > 0


def _same_training(d, **how):
    """The README's training recorded and not, bit for bit, and replayed."""
    recorded, recorded_losses = _trained(d, 40, "cuda", recorded=True, **how)
    plain, plain_losses = _trained(d, 40, "cuda", recorded=False, **how)
    assert torch.equal(recorded_losses, plain_losses)
    for a, b in zip(recorded, plain, strict=True):
        assert torch.equal(a, b)
    assert d.train_step.report()["replayed"] > 0


@CUDA
def test_recorded_sgd_follows_its_schedule(d, switch):
    """SGD on CUDA is torch's fused SGD, which reads its rate from a tensor."""
    _same_training(d, optimizer=_sgd)


@CUDA
def test_an_optimizer_loaded_between_replays_is_what_they_update(d, switch, tmp_path):
    """Loading an optimizer keeps its state tensors, the ones the graph updates."""

    def rewound(i, m, opt):
        if i == 10:
            rt.save(tmp_path / "at10.safetensors", m, opt)
        if i == 25:
            rt.load_optimizer(rt.load(tmp_path / "at10.safetensors"), opt)

    _same_training(d, after=rewound)


@CUDA
def test_replays_draw_new_masks_and_the_unrecorded_ones(d, switch):
    m = d.Mlp.init(seed=0, device="cuda")
    mode = rt.Train(seed=0)
    batch = _batch(d, "cuda")
    logits = []
    step = recording.RecordedStep(_logits(d, m), "draws", "t.ss:1")
    for _ in range(4):
        with rt.step(mode):
            logits.append(step(batch.image, mode))
    assert step.report()["replayed"] == 2  # a warm-up, a recording replayed, a replay
    assert not torch.equal(logits[2], logits[3])  # the frozen-seed trap
    mode = rt.Train(seed=0)
    for i in range(4):
        with rt.step(mode):
            assert torch.equal(d.logits(m, batch.image, mode), logits[i])


def _fresh(step):
    """The step as if never called: no warm-up, no graphs, no counts."""
    step.graphs.clear()
    step.warmed, step.failed = None, None
    step.replayed = step.ran = step.waited = 0
    return step


@CUDA
@pytest.mark.parametrize(("padded", "graphs"), [(True, 1), (False, 2)])
def test_one_graph_per_epoch_with_padding_two_without(d, switch, padded, graphs):
    was = padding.fixed_shapes(padded)
    try:
        _fresh(d.train_step)
        _trained(d, 23, "cuda")  # an epoch: 22 batches of 64, and the last of 8
        assert d.train_step.report()["graphs"] == graphs
    finally:
        padding.fixed_shapes(was)


@CUDA
def test_a_step_that_can_t_be_recorded_falls_back_with_a_warning(switch):
    def step(x):
        return x[x > 0].sum()  # a size from the data: it waits for the device

    wrapped = recording.RecordedStep(step, "selecting", "t.ss:1")
    x = torch.randn(100, device="cuda")
    wrapped(x)
    with pytest.warns(RuntimeWarning, match="couldn't be recorded"):
        got = wrapped(x)
    assert torch.equal(got, step(x))
    assert wrapped.report()["runs as it is because"].startswith("recording failed")


@CUDA
def test_at_most_64_signatures(switch):
    wrapped = recording.RecordedStep(lambda x: x * 2.0, "many", "t.ss:1")
    for n in range(1, 70):
        torch.testing.assert_close(wrapped(torch.ones(n, device="cuda")), torch.full((n,), 2.0, device="cuda"))
    assert wrapped.report()["graphs"] == recording.MAX_SIGNATURES


def _logits(d, m):
    def call(x, mode):
        return d.logits(m, x, mode) * 1.0

    return call


def _dropped(call, kinds):
    """The logits of one call per kind ("train", "eval"), each in a step."""
    x = torch.rand(64, 64, generator=torch.Generator().manual_seed(0)).cuda()
    train, out = rt.Train(seed=0), []
    for kind in kinds:
        mode = train if kind == "train" else rt.Eval
        with rt.step(mode):
            out.append(call(x, mode))
    return out


@CUDA
@pytest.mark.parametrize("fault", ["no reseeding", "frozen learning rate", "key without modes"])
def test_seeded_faults_break_what_the_tests_check(d, switch, monkeypatch, fault):
    """Each fault, put in on purpose, is caught by the comparison with the
    unrecorded run that the tests above make."""
    if fault == "key without modes":
        key = recording._key
        monkeypatch.setattr(recording, "_key", lambda v: ("mode",) if isinstance(v, rt.Mode) else key(v))
        m = d.Mlp.init(seed=0, device="cuda")
        kinds = ["train", "train", "train", "eval"]
        got = _dropped(recording.RecordedStep(_logits(d, m), "modes", "t.ss:1"), kinds)
        want = _dropped(_logits(d, m), kinds)
        assert not torch.equal(got[3], want[3]), "Eval replayed Train's graph, unseen"
        return
    if fault == "no reseeding":
        monkeypatch.setattr(recording, "draw_seed", lambda mode: 0)  # every replay the same masks
    else:  # the learning rate written inside the graph, so each replay keeps the first's
        monkeypatch.setattr(training, "_capturing", lambda tensor: False)
    _fresh(d.train_step)
    recorded, losses = _trained(d, 30, "cuda", recorded=True)
    monkeypatch.undo()
    plain, plain_losses = _trained(d, 30, "cuda", recorded=False)
    same = torch.equal(losses, plain_losses) and all(torch.equal(a, b) for a, b in zip(recorded, plain, strict=True))
    assert not same, "the fault went unseen"
