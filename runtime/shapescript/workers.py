"""This process as one worker of several (docs/devices.md): its rank in the
world, its device, its part of each batch, and the collectives that make
the program's results those of one device.

A worker is started by the runner (launch.py) or by torchrun; either way
torch.distributed's environment variables say its place (RANK, WORLD_SIZE,
LOCAL_RANK, MASTER_ADDR, MASTER_PORT). Every worker runs the whole program;
a loop over batches gives each its contiguous part of each batch (split
below), with a mask registered here as a split: the masked operations of
ops.py add up each worker's masked sum and count of real examples through
`global_sum`, so a mean is over the real examples of the whole batch.

Gradients: `global_sum`'s backward gives each worker's part the gradient
times the number of workers, and value_and_grad averages the workers'
gradients (all_gradients). So a loss's part computed from the whole batch
gets its exact gradient, and a part every worker computes alike (a weight
penalty) its own, not one per worker."""

import os

import torch
import torch.distributed as dist

_world = None  # the World of this process, when it is one of several workers
_checked_models = set()  # ids of the models check_same_model has seen


class World:
    """This worker's place: its rank (0 is the first, which logs, prints and
    saves), the number of workers, and its device."""

    __slots__ = ("rank", "size", "device")

    def __init__(self, rank, size, device):
        self.rank = rank
        self.size = size
        self.device = device


def world():
    """The World of this process, or None when it runs alone."""
    return _world


def workers():
    """How many workers the program runs on (1 when alone)."""
    return _world.size if _world is not None else 1


def is_first():
    """Whether this process is the one that logs, prints and saves: the
    first worker, or the only process."""
    return _world is None or _world.rank == 0


def launched_by_environment():
    """Whether torch.distributed's variables place this process in a world
    (the runner's workers, torchrun's processes)."""
    return "RANK" in os.environ and "WORLD_SIZE" in os.environ


def join(kind, devices):
    """Joins the world the environment describes, as a worker on `kind`
    ("cpu" or "cuda"; `devices`: the CUDA devices listed, by local rank).
    Gloo for CPU workers, NCCL for GPUs."""
    global _world
    rank, size = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    local_rank = int(os.environ.get("LOCAL_RANK", rank))
    if kind == "cuda":
        device = devices[local_rank] if local_rank < len(devices) else torch.device("cuda", local_rank)
        torch.cuda.set_device(device)
        backend = "nccl"
    else:
        device, backend = torch.device("cpu"), "gloo"
    if not dist.is_initialized():
        kwargs = {"device_id": device} if backend == "nccl" else {}
        dist.init_process_group(backend, rank=rank, world_size=size, **kwargs)
    _world = World(rank, size, device)
    _same_random_start()
    return _world


def _same_random_start():
    """Seeds Python's, NumPy's and torch's global generators alike on every
    worker, from a seed the first draws: what the program draws without a
    seed of its own (a dataset from torch.randn) is then the same on each,
    as the run is on one device, and still differs from run to run."""
    import random

    import numpy as np

    seed = (
        torch.randint(0, 2**31 - 1, (1,), dtype=torch.int64) if _world.rank == 0 else torch.zeros(1, dtype=torch.int64)
    )
    seed = seed.to(_world.device)
    dist.broadcast(seed, 0)
    value = int(seed.item())
    random.seed(value)
    np.random.seed(value)
    torch.manual_seed(value)


def check_same_model(m):
    """Once per model: whether every worker's parameters are the same, as
    they must be for the run to be one device's (the same init, the same
    updates). A model made from values that differ between workers is an
    error that says so, not a run that silently diverges."""
    if _world is None or _world.size == 1 or id(m) in _checked_models:
        return
    _checked_models.add(id(m))
    with torch.no_grad():
        local = torch.stack(
            [p.detach().double().sum() for p in m.parameters()] or [torch.zeros((), dtype=torch.float64)]
        )
        local = local.to(_world.device)
        high, low = local.clone(), local.clone()
        dist.all_reduce(high, op=dist.ReduceOp.MAX)
        dist.all_reduce(low, op=dist.ReduceOp.MIN)
    if not torch.equal(high, low):
        raise RuntimeError(
            "the workers' %s models differ: the program makes it from values that differ between workers "
            "(a Python draw with a seed of its own per worker?); every worker must start from the same model"
            % type(m).__name__
        )


def leave(ended_well):
    """Leaves the world at the end of a worker's run: together with the
    others when it `ended_well` (all of them reach this barrier), else at
    once (the others may wait in a collective this one never joins; the
    controller, or torchrun, stops them)."""
    global _world
    if _world is not None and dist.is_initialized() and ended_well:
        dist.barrier()
        dist.destroy_process_group()
    _world = None


def exit_worker(status):
    """Ends a worker process with `status` without Python's finalizers:
    torch.distributed's threads, torn down at exit while a peer leaves,
    can abort the process (SIGABRT) after its work is done."""
    import sys

    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def part_bounds(n, parts):
    """The (start, stop) of each of `parts` contiguous parts of n examples,
    as even as possible with the first ones larger: 64 in 3 is 22/21/21."""
    base, extra = divmod(n, parts)
    bounds, start = [], 0
    for i in range(parts):
        stop = start + base + (1 if i < extra else 0)
        bounds.append((start, stop))
        start = stop
    return bounds


def my_part(n):
    """(size, (start, n)) of this worker's part of a batch of n; alone,
    (n, None)."""
    if _world is None or _world.size == 1:
        return n, None
    start, stop = part_bounds(n, _world.size)[_world.rank]
    return stop - start, (start, n)


def split(fields, mask):
    """This worker's part of a batch's fields (each split along its first
    axis) and of its mask of real examples (None: all real), the part's
    mask registered as a split."""
    some = next(iter(fields.values()), None)
    n = some.shape[0] if some is not None else 0
    start, stop = part_bounds(n, _world.size)[_world.rank]
    part = {k: v[start:stop] for k, v in fields.items()}
    if mask is None:
        mask = torch.ones(n, dtype=torch.bool, device=some.device if some is not None else None)
    mine = mask[start:stop]
    # Marks the part as a split (an attribute: the mask object itself is
    # what generated code passes on): where it starts, and the whole size.
    mine._ss_part = (start, n)
    return part, mine


def part_of(mask):
    """(start, whole size) of the worker's part a split batch's mask is,
    or None when it isn't one."""
    return getattr(mask, "_ss_part", None) if _world is not None and mask is not None else None


class _GlobalSum(torch.autograd.Function):
    """The sum of a tensor over the workers; its gradient is the result's
    times the number of workers (all_gradients averages them)."""

    @staticmethod
    def forward(ctx, t):
        out = t.clone()
        dist.all_reduce(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        return grad * _world.size


def global_sum(t):
    """`t` added up over the workers (each gives its own part's sum)."""
    return _GlobalSum.apply(t)


def global_extreme(t, largest):
    """The max (or min) over the workers of each worker's `t`, detached."""
    out = t.detach().clone()
    dist.all_reduce(out, op=dist.ReduceOp.MAX if largest else dist.ReduceOp.MIN)
    return out


def global_prod(local):
    """The product over the workers of each one's `local` product: this
    worker's own, times the others' gathered (no division, so a zero
    anywhere is exact); its gradient flows through its own (scaled, as
    global_sum's)."""
    gathered = [torch.empty_like(local) for _ in range(_world.size)]
    dist.all_gather(gathered, local.detach().contiguous())
    others = torch.ones_like(local)
    for rank, part in enumerate(gathered):
        if rank != _world.rank:
            others = others * part
    return scaled_for_average(local) * others


def scaled_for_average(t):
    """`t` as it is, its gradient times the number of workers: a worker's
    part of a value chosen from the whole batch (a max)."""
    return _Scale.apply(t)


class _Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.view_as(t)

    @staticmethod
    def backward(ctx, grad):
        return grad * _world.size


def all_gradients(grads):
    """Each gradient averaged over the workers, in one all-reduce (the
    gradients flattened into one buffer per dtype)."""
    if _world is None or _world.size == 1 or not grads:
        return grads
    by_dtype = {}
    for name, g in grads.items():
        by_dtype.setdefault(g.dtype, []).append(name)
    out = dict(grads)
    for names in by_dtype.values():
        flat = torch.cat([grads[n].reshape(-1) for n in names])
        dist.all_reduce(flat)
        flat /= _world.size
        at = 0
        for n in names:
            g = grads[n]
            out[n] = flat[at : at + g.numel()].view_as(g)
            at += g.numel()
    return out


def lost_peer(error):
    """Whether `error` is a collective's failure on a worker of several (a
    peer that left, a connection closed), not the program's own."""
    if _world is None or not isinstance(error, RuntimeError):
        return False
    if isinstance(error, getattr(dist, "DistBackendError", ())):
        return True
    # Gloo's transport raises a plain RuntimeError naming its own source.
    text = str(error)
    return "gloo/transport" in text or "Connection closed by peer" in text or "Connection reset by peer" in text


def barrier():
    """Waits for every worker (after the first saved a file the others may
    read)."""
    if _world is not None and _world.size > 1:
        dist.barrier()
