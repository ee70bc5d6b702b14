"""The step of `log`'s records (shapescript/sinks.py, training.py): the
run's training steps, that is its optimizer updates (a batch that updates
two optimizers is one step), 0 before the first; in a run that has made no
optimizer, the number of log calls before it. `reset_steps` starts a run;
a restored optimizer carries the steps on. A recorded step's replays count
as its Python would (tests/runtime/test_recording.py, on the stand-in)."""

import pytest
import torch

import shapescript.rt as rt
from shapescript import sinks


class Lin(rt.Model):
    def __init__(self, seed=0):
        super().__init__()
        init = rt.Initializer(seed)
        self.w = init.normal("w", (3, 2), 0.5, "f32")


def loss(m, x):
    return (x @ m.w).square().mean()


def step(m, opt):
    """One update of `m` by `opt`, as a ShapeScript step makes it."""
    _, grads = rt.value_and_grad(loss, m, torch.ones(4, 3))
    rt.update(m, opt, grads)


class Keep(sinks.Sink):
    def __init__(self):
        self.steps = []

    def write(self, step, wall, values):
        self.steps.append(step)


@pytest.fixture
def steps(quiet_log):
    """The steps of the records logged in the test, a run of its own."""
    sinks.reset_steps()
    keep = Keep()
    sinks.log_to(keep)
    yield keep.steps
    sinks.reset_steps()


def test_without_an_optimizer_each_log_call_is_a_step(steps):
    for i in range(3):
        rt.log(i=i)
    assert steps == [0, 1, 2]


def test_the_step_is_the_number_of_updates(steps):
    m = Lin.init(seed=0)
    opt = rt.sgd(m, lr=0.1)
    rt.log(before=1)  # made, not yet updated: step 0
    rt.log(before=2)
    step(m, opt)
    rt.log(loss=1.0)  # several records at one step
    rt.log(accuracy=0.5)
    step(m, opt)
    step(m, opt)
    rt.log(loss=0.5)
    assert steps == [0, 0, 1, 1, 3]
    assert opt.count == 3


def test_inside_and_after_a_loop(steps):
    m = Lin.init(seed=0)
    opt = rt.adamw(m, lr=1e-2)
    for epoch in range(2):
        for _ in rt.batch_loop(range(3), False, "t.ss:5"):
            step(m, opt)
            rt.log(epoch=epoch, loss=0.1)
        rt.log(epoch=epoch, test_accuracy=0.9)
    assert steps == [1, 2, 3, 3, 4, 5, 6, 6]


def test_two_optimizers_updated_at_one_batch_are_one_step(steps):
    """A GAN's: the discriminator's update, then the generator's, per batch."""
    d, g = Lin.init(seed=0), Lin.init(seed=1)
    d_opt, g_opt = rt.adamw(d), rt.adamw(g)
    for _ in range(3):
        step(d, d_opt)
        rt.log(d_loss=0.1)
        step(g, g_opt)
        rt.log(g_loss=0.2)
    assert steps == [1, 1, 2, 2, 3, 3]
    # Five critic updates per generator update (WGAN): a step each.
    for _ in range(5):
        step(d, d_opt)
    step(g, g_opt)
    rt.log(g_loss=0.2)
    assert steps[-1] == 8


def test_a_second_optimizer_carries_on_from_the_first(steps):
    first, second = Lin.init(seed=0), Lin.init(seed=1)
    opt = rt.sgd(first, lr=0.1)
    for _ in range(3):
        step(first, opt)
    rt.log(phase=1)
    fine = rt.sgd(second, lr=0.1)
    step(second, fine)  # part of the step the first phase ended at
    rt.log(phase=2)
    step(second, fine)
    rt.log(phase=2)
    assert steps == [3, 3, 4]


def test_reset_steps_starts_a_run(steps):
    m = Lin.init(seed=0)
    opt = rt.sgd(m, lr=0.1)
    step(m, opt)
    step(m, opt)
    rt.log(loss=1.0)
    sinks.reset_steps()  # the runner's, before each run
    rt.log(first=1)  # no optimizer made in this run (yet): log calls
    rt.log(first=2)
    step(m, opt)  # an update makes it a training run
    rt.log(loss=1.0)
    assert steps == [2, 0, 1, 1]


def test_a_restored_optimizer_carries_its_steps_on(steps, tmp_path):
    m = Lin.init(seed=0)
    opt = rt.adamw(m)
    for _ in range(4):
        step(m, opt)
    rt.log(loss=0.2)
    rt.save(tmp_path / "c.safetensors", m, opt)
    sinks.reset_steps()  # a new run, resumed from the checkpoint
    again = Lin.init(seed=0)
    resumed = rt.load_optimizer(rt.load(tmp_path / "c.safetensors"), rt.adamw(again))
    rt.log(resumed=1)
    step(again, resumed)
    rt.log(loss=0.1)
    assert steps == [4, 4, 5]
    assert resumed.count == 5


def test_a_recording_s_updates_are_held_and_counted_by_each_replay(steps):
    """What recording.py does with them: a recording runs the step's Python
    on copies of its optimizers, whose updates aren't the run's."""
    from shapescript import training

    m = Lin.init(seed=0)
    opt = rt.sgd(m, lr=0.1)
    step(m, opt)
    with training.updates_held() as held:
        step(m, opt)
    rt.log(loss=1.0)
    assert held == [opt] and steps == [1]
    training.count_update(opt)  # a replay
    rt.log(loss=1.0)
    assert steps == [1, 2]
