"""Training: gradients, clipping, optimizers and learning-rate schedules,
and the run's training steps, which `log` numbers its records by."""

import contextlib
import math
import threading
import weakref
from collections.abc import Mapping

import torch

from . import workers


class Grads(Mapping):
    """A model's gradients: parameter name (dotted for sub-models) -> tensor."""

    __slots__ = ("_g",)

    def __init__(self, grads):
        self._g = dict(grads)

    def __getitem__(self, name):
        return self._g[name]

    def __iter__(self):
        return iter(self._g)

    def __len__(self):
        return len(self._g)

    def __repr__(self):
        return "Grads(%s)" % ", ".join("%s: %s" % (k, list(v.shape)) for k, v in self._g.items())


def _trainable(m):
    return [(name, p) for name, p in m.named_parameters() if p.requires_grad]


def value_and_grad(loss_fn, m, *args, _ss_pad=None):
    """`loss_fn(m, *args)` and its gradient w.r.t. m's parameters: (the loss,
    detached, 0-d; Grads). Leaves every parameter's .grad alone. `_ss_pad`
    is the masks of padded axes the loss is given (docs/padding.md)."""
    params = _trainable(m)
    workers.check_same_model(m)
    with torch.enable_grad():
        loss = loss_fn(m, *args) if _ss_pad is None else loss_fn(m, *args, _ss_pad=_ss_pad)
        if not isinstance(loss, torch.Tensor) or loss.dim() != 0:
            shape = list(loss.shape) if isinstance(loss, torch.Tensor) else type(loss).__name__
            raise ValueError("value_and_grad(): the loss must be a 0-d tensor, found %s" % (shape,))
        # A loss that no parameter reaches (`mean(-batch.x)`) has a gradient
        # of zeros, as a loss that some parameters don't reach has for them.
        grads = (
            torch.autograd.grad(loss, [p for _, p in params], allow_unused=True)
            if loss.requires_grad
            else [None] * len(params)
        )
    grads = {name: torch.zeros_like(p) if g is None else g for (name, p), g in zip(params, grads, strict=True)}
    # On several workers, the average of theirs (workers.py says why that is exact).
    return loss.detach(), Grads(workers.all_gradients(grads))


def clip_norm(grads, max):  # named as the built-in's parameter: `clip_norm(grads, max=1.0)`
    """A copy of `grads` scaled so their total 2-norm is at most `max`,
    by torch.nn.utils.clip_grad_norm_'s rule (coefficient max/(norm+1e-6),
    at most 1)."""
    if not grads:
        return Grads({})
    norms = [torch.linalg.vector_norm(g) for g in grads.values()]
    total = torch.linalg.vector_norm(torch.stack([n.to(norms[0].device) for n in norms]))
    coef = torch.clamp(max / (total + 1e-6), max=1.0)
    return Grads((name, g * coef.to(g.device, g.dtype)) for name, g in grads.items())


# ------------------------------------------------------------ schedules


class Schedule:
    """A learning rate as a function of the update count t (0 for the first)."""

    def __call__(self, t):
        raise NotImplementedError


def _as_schedule(lr):
    if isinstance(lr, (int, float)) and not isinstance(lr, bool):
        return Constant(float(lr))
    if callable(lr):
        return lr
    raise TypeError("a learning rate is a number or a schedule, not %r" % (lr,))


class Constant(Schedule):
    def __init__(self, lr):
        self.lr = lr

    def __call__(self, t):
        return self.lr

    def __repr__(self):
        return repr(self.lr)


class cosine(Schedule):
    """peak * (1 + cos(pi * min(t, steps) / steps)) / 2: from peak down to 0
    over `steps` updates, then 0."""

    def __init__(self, peak, steps):
        if steps <= 0:
            raise ValueError("cosine(): steps must be positive, not %r" % (steps,))
        self.peak = float(peak)
        self.steps = int(steps)

    def __call__(self, t):
        return self.peak * 0.5 * (1.0 + math.cos(math.pi * min(t, self.steps) / self.steps))

    def __repr__(self):
        return "cosine(%r, %r)" % (self.peak, self.steps)


class warmup(Schedule):
    """then(t) * min(1, (t + 1) / steps): a linear ramp over the first
    `steps` updates into `then` (a schedule or a number)."""

    def __init__(self, steps, then):
        if steps <= 0:
            raise ValueError("warmup(): steps must be positive, not %r" % (steps,))
        self.steps = int(steps)
        self.then = _as_schedule(then)

    def __call__(self, t):
        return self.then(t) * min(1.0, (t + 1) / self.steps)

    def __repr__(self):
        return "warmup(%r, %r)" % (self.steps, self.then)


# ------------------------------------------------------------ optimizers


class Optimizer:
    """A torch optimizer over a model's parameters, with a learning-rate
    schedule read at each update, and the number of updates done."""

    def __init__(self, model, make, lr, kind, hyper):
        self.model = model
        self.schedule = _as_schedule(lr)
        self.count = 0
        self.kind = kind
        self.hyper = hyper
        self.params = _trainable(model)
        self.torch_optimizer = make([p for _, p in self.params], self.schedule(0))
        _run.trains = True

    @property
    def lr(self):
        """The learning rate the next update uses."""
        return self.schedule(self.count)

    def __repr__(self):
        extra = "".join(", %s=%r" % kv for kv in self.hyper.items())
        return "%s(%s, lr=%r%s; %d updates)" % (self.kind, type(self.model).__name__, self.schedule, extra, self.count)


# What a torch optimizer's group says about where it runs, not how it
# trains: a checkpoint's value of these never replaces the loading one's.
RUN_KEYS = ("capturable", "fused", "foreach")


def _on_cuda(ps):
    return bool(ps) and ps[0].device.type == "cuda"


def _device_rate(ps, lr0):
    """On CUDA the learning rate is a tensor on the device, which the update
    reads and each update writes (update below), so a recorded step's
    replay reads the rate written before it (recording.py)."""
    return torch.tensor(float(lr0), device=ps[0].device)


def sgd(m, lr=1e-3, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False):
    """Stochastic gradient descent with torch.optim.SGD's parameters and
    defaults. On CUDA it is torch's fused SGD, the one that reads a tensor
    learning rate on the device (its other forms read it on the host)."""
    hyper = {"momentum": momentum, "dampening": dampening, "weight_decay": weight_decay, "nesterov": nesterov}

    def make(ps, lr0):
        if _on_cuda(ps):
            return torch.optim.SGD(ps, lr=_device_rate(ps, lr0), fused=True, **hyper)
        return torch.optim.SGD(ps, lr=lr0, **hyper)

    return Optimizer(m, make, lr, "sgd", hyper)


def adamw(m, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01, amsgrad=False):
    """AdamW with torch.optim.AdamW's parameters, in its order, and defaults.
    On CUDA it is capturable, its learning rate a tensor on the device."""
    hyper = {"betas": tuple(betas), "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad}

    def make(ps, lr0):
        if _on_cuda(ps):
            return torch.optim.AdamW(ps, lr=_device_rate(ps, lr0), capturable=True, **hyper)
        return torch.optim.AdamW(ps, lr=lr0, **hyper)

    return Optimizer(m, make, lr, "adamw", hyper)


def _capturing(tensor):
    """Whether a CUDA graph is being recorded where `tensor` is (a recorded
    step, recording.py): never for a CPU tensor, so a machine without CUDA
    is never asked (a CUDA wheel there raises)."""
    return tensor.is_cuda and torch.cuda.is_current_stream_capturing()


def update(m, opt, grads):
    """One optimizer step of `m` along `grads`, at the schedule's learning
    rate for this update; counts the update."""
    if opt.model is not m:
        raise ValueError(
            "update(): the optimizer was made for another %s than the one given" % type(opt.model).__name__
        )
    lr = opt.schedule(opt.count)
    for group in opt.torch_optimizer.param_groups:
        if not isinstance(group["lr"], torch.Tensor):
            group["lr"] = lr
        elif not _capturing(group["lr"]):
            # Capturable (CUDA): the update reads the rate from this tensor,
            # which a recorded step's replay writes before it (recording.py).
            group["lr"].fill_(lr)
    try:
        for name, p in opt.params:
            g = grads.get(name)
            if g is None:
                raise ValueError("update(): the gradients have no `%s` (they are of another model?)" % name)
            if g.shape != p.shape:
                raise ValueError(
                    "update(): the gradient of `%s` has shape %s, the field %s" % (name, list(g.shape), list(p.shape))
                )
            p.grad = g.detach()
        opt.torch_optimizer.step()
    finally:
        for _, p in opt.params:
            p.grad = None
    opt.count += 1
    count_update(opt)


# ------------------------------------------------------------ the run's training steps


class _Run:
    """What `log` numbers its records by (sinks.py): whether the run made
    an optimizer (or updated one), its training steps so far, and the
    optimizers updated at the current step (weakly: a freed one is gone)."""

    __slots__ = ("trains", "steps", "current")

    def __init__(self):
        self.trains = False
        self.steps = 0
        self.current = weakref.WeakSet()


_run = _Run()
_held = threading.local()  # .updates: a list while a recording holds this thread's updates


def training_steps():
    """The run's training steps so far (0 before its first update), or None
    when the run has made no optimizer: then `log` counts its calls."""
    return _run.steps if _run.trains else None


def reset_training_steps():
    """A run of its own: no optimizer made, no step yet (sinks.reset_steps)."""
    global _run
    _run = _Run()


def count_update(opt):
    """One update of `opt`: the first update of the run is step 1, and each
    later one is a step more, except the update of an optimizer not yet
    updated at the current step, which is part of it (a GAN's second
    optimizer at the same batch). `update` calls it, and each replay of a
    recorded step once per update the step's Python made (recording.py).
    While a recording holds this thread's updates (updates_held), the
    update is noted there instead."""
    held = getattr(_held, "updates", None)
    if held is not None:
        held.append(opt)
        return
    run = _run
    run.trains = True
    if run.steps == 0 or opt in run.current:
        run.steps += 1
        run.current = weakref.WeakSet((opt,))
    else:
        run.current.add(opt)


def count_resumed(opt):
    """`opt` restored with the update count of a checkpoint (load_optimizer):
    the run's steps go on from there, as a resumed run's log does."""
    run = _run
    run.trains = True
    if opt.count > run.steps:
        run.steps = opt.count
        run.current = weakref.WeakSet((opt,))


@contextlib.contextmanager
def updates_held():
    """While it lasts, this thread's updates aren't counted but noted in
    the list it gives, in order: a recording's, which run the step's Python
    on copies of its optimizers; each replay counts them (recording.py)."""
    was = getattr(_held, "updates", None)
    _held.updates = noted = []
    try:
        yield noted
    finally:
        _held.updates = was
