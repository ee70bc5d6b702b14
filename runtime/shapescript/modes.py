"""Modes (`Train(seed=...)`, `Eval`) and the seeds of random draws.

A draw's seed is a pure function of the mode's seed, the number of steps
the mode has run, and the draw's path (the call sites that lead to it), so
a run is reproducible and a step drawn again draws the same masks.
"""

import hashlib


class Mode:
    """A mode: `Train(seed=...)` or `Eval`."""

    __slots__ = ()


class Train(Mode):
    """Training: random draws are on. `at(site)` gives a view with one more
    call site on its path, sharing the root's step counter."""

    __slots__ = ("seed", "path", "root", "_steps")

    def __init__(self, seed=0):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("Train(seed=...) takes an int, not %r" % (seed,))
        self.seed = seed
        self.path = ()
        self.root = self
        self._steps = 0

    def at(self, site):
        view = type(self).__new__(type(self))
        view.seed = self.seed
        view.path = self.path + (site,)
        view.root = self.root
        return view

    @property
    def steps(self):
        """How many steps the root mode has run."""
        return self.root._steps

    def __repr__(self):
        path = ", path=%r" % "/".join(self.path) if self.path else ""
        return "Train(seed=%d, steps=%d%s)" % (self.seed, self.steps, path)


class Sample(Train):
    """Sampling: inference that draws (a sampler, an agent acting). Random
    draws (randn, sample) are on, seeded as in Train; dropout is off, as in
    Eval."""

    __slots__ = ()

    def __repr__(self):
        return "Sample" + super().__repr__()[len("Train") :]


class _Eval(Mode):
    """Evaluation: random draws are the identity."""

    __slots__ = ()
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def at(self, site):
        return self

    def __repr__(self):
        return "Eval"

    def __reduce__(self):
        return (_Eval, ())


Eval = _Eval()


class step:
    """`with step(mode, ...):` around a step function's body: when it ends
    (also by an exception) each distinct Train root among the modes counts
    one more step. Anything that isn't a Train mode is ignored."""

    __slots__ = ("_roots",)

    def __init__(self, *modes):
        roots = []
        for m in modes:
            if isinstance(m, Train) and not any(r is m.root for r in roots):
                roots.append(m.root)
        self._roots = roots

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for r in self._roots:
            r._steps += 1
        return False


def drops(mode):
    """Whether dropout is on: in Train, not in Sample or Eval."""
    return isinstance(mode, Train) and not isinstance(mode, Sample)


def draw_seed(mode):
    """The 63-bit seed of the draw at `mode` (a Train view): a hash of the
    root's seed, its step count and the path. Not Python's hash(), which
    changes between runs."""
    text = "%d\x1f%d\x1f%s" % (mode.seed, mode.root._steps, "\x1e".join(mode.path))
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8, person=b"ss-draw").digest()
    return int.from_bytes(digest, "little") >> 1
