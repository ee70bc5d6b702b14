"""`log(k=v, ...)` and the sinks its records go to.

Each `log` call makes one record: its step, its wall time (Unix seconds)
and the values, tensors turned into numbers with .item(). The step is the
run's training step (training.training_steps: the optimizer updates so
far, 0 before the first), or, in a run that has made no optimizer, how
many log calls came before it (the first is step 0). The active sinks
(`log_to`; by default the terminal only) each get every record. Loops over
batches (`batch_loop`) tell the sinks when they start, advance and end, which
the terminal shows as progress bars.
"""

import atexit
import csv
import json
import math
import numbers
import os
import sys
import time

import numpy as np
import torch

from . import files, training, workers
from .files import replacing


class Sink:
    """A place records go. Subclasses override `write`, and `close` if they
    hold something open; the loop hooks are for the terminal."""

    def write(self, step, wall, values):
        pass

    def loop_begin(self, loop):
        pass

    def loop_advance(self, loop):
        pass

    def loop_end(self, loop):
        pass

    def close(self):
        pass


class _Loop:
    """A loop over batches in progress."""

    __slots__ = ("where", "total", "done", "start", "values")

    def __init__(self, where, total):
        self.where = where
        self.total = total
        self.done = 0
        self.start = time.time()
        self.values = {}  # the latest value of each key logged during it


_active = None  # the sinks records go to; None: the default (a Terminal)
_opened = []  # every sink ever made active, for close_sinks
_count = 0  # log calls so far: the step of a run without an optimizer
_loops = []  # loops over batches in progress, outermost first


def _sinks():
    global _active
    if _active is None:
        _active = (Terminal(),)
        _opened.append(_active[0])
    return _active


def log_to(*sinks):
    """Makes `sinks` the ones records go to (none: records go nowhere) and
    returns the previous ones, so `log_to(*log_to(...))` restores them."""
    global _active
    for s in sinks:
        if not isinstance(s, Sink):
            raise TypeError("log_to() takes sinks (Terminal(), JsonLines(path), ...), not %r" % (s,))
    previous = _sinks()
    _active = tuple(sinks)
    for s in sinks:
        if not any(s is o for o in _opened):
            _opened.append(s)
    return previous


def close_sinks():
    """Flushes and closes every sink that was ever active (also run at exit).
    A file sink written to again after this reopens its file to append."""
    for s in _opened:
        s.close()


atexit.register(close_sinks)


def _number(key, v):
    if isinstance(v, (torch.Tensor, np.ndarray, np.generic)):
        if v.size != 1 if isinstance(v, (np.ndarray, np.generic)) else v.numel() != 1:
            raise ValueError("log(): `%s` is a tensor of shape %s; log one number per key" % (key, list(v.shape)))
        return v.item()
    if isinstance(v, (bool, str)) or v is None:
        return v
    if isinstance(v, numbers.Integral):
        return int(v)
    if isinstance(v, numbers.Real):
        return float(v)
    raise TypeError("log(): `%s` is a %s; log numbers, bools or strings" % (key, type(v).__name__))


def log(**values):
    """One record of `values` to every active sink; on several workers,
    by the first only (their values are the same: workers.py)."""
    global _count
    if not workers.is_first():
        return
    record = {k: _number(k, v) for k, v in values.items()}
    steps = training.training_steps()
    step = _count if steps is None else steps
    _count += 1
    wall = time.time()
    for loop in _loops:
        loop.values.update(record)
    for s in _sinks():
        s.write(step, wall, record)


def reset_steps():
    """A run of its own from here: no log call, no optimizer and no update
    counted yet, so the next record is step 0 (the runner starts each run so)."""
    global _count
    _count = 0
    training.reset_training_steps()


def loop_begin(where, total):
    loop = _Loop(where, total)
    _loops.append(loop)
    for s in _sinks():
        s.loop_begin(loop)
    return loop


def loop_advance(loop):
    loop.done += 1
    for s in _sinks():
        s.loop_advance(loop)


def loop_end(loop):
    if loop in _loops:
        _loops.remove(loop)
    for s in _sinks():
        s.loop_end(loop)


def write_line(text, file=None):
    """A line of output that doesn't tear an open progress bar."""
    file = file or sys.stdout
    if any(isinstance(s, Terminal) and s._bars for s in _sinks()):
        from tqdm import tqdm

        tqdm.write(text, file=file)
    else:
        print(text, file=file, flush=True)


def _format(v):
    if isinstance(v, float):
        return "%.4g" % v
    return str(v)


def _numeric(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


# ------------------------------------------------------------------ sinks


class Terminal(Sink):
    """Progress bars (tqdm, on stderr) for loops over batches, showing the
    latest logged values; when a loop ends, one line with what was logged
    during it. A record logged outside any loop is printed as a line. Bars
    are left out when stderr isn't a terminal; the lines are always written,
    to stderr too by default, so a program's own output (stdout) stays its
    own."""

    def __init__(self, file=None):
        self.file = file  # where the lines go; None: sys.stderr at the time
        self._bars = {}  # id(loop) -> tqdm

    def loop_begin(self, loop):
        from tqdm import tqdm

        self._bars[id(loop)] = tqdm(
            total=loop.total,
            desc=loop.where,
            leave=False,
            file=sys.stderr,
            position=len(self._bars),
            disable=None,
            dynamic_ncols=True,
        )

    def loop_advance(self, loop):
        bar = self._bars.get(id(loop))
        if bar is not None:
            bar.update(1)

    def loop_end(self, loop):
        bar = self._bars.pop(id(loop), None)
        if bar is None:
            return
        bar.close()
        if loop.values:
            seconds = time.time() - loop.start
            values = " ".join("%s=%s" % (k, _format(v)) for k, v in loop.values.items())
            write_line(
                "%s: %d batch%s in %.1fs: %s"
                % (loop.where, loop.done, "" if loop.done == 1 else "es", seconds, values),
                self.file or sys.stderr,
            )

    def write(self, step, wall, values):
        text = " ".join("%s=%s" % (k, _format(v)) for k, v in values.items())
        if self._bars:
            for bar in self._bars.values():
                bar.set_postfix_str(text, refresh=False)
        else:
            write_line("step %d: %s" % (step, text), self.file or sys.stderr)

    def close(self):
        for bar in self._bars.values():
            bar.close()
        self._bars.clear()


class _File(Sink):
    """A sink writing one file, opened (truncated) when the sink is made and
    flushed after each record; written again after close, it appends."""

    def __init__(self, path):
        self.path = os.fspath(path)
        # A log is written as it goes, not renamed into place, but it never
        # goes to a FIFO (which would block), a device or a read-only file.
        problem = files.output_problem(self.path, make_folder=True)
        if problem:
            raise files.OutputError(problem)
        parent = os.path.dirname(self.path)
        if parent:
            os.makedirs(parent, exist_ok=True)
        self._fh = open(self.path, "w", newline="", encoding="utf-8")

    def _file(self):
        if self._fh is None:
            self._fh = open(self.path, "a", newline="", encoding="utf-8")
        return self._fh

    def close(self):
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.path)


class JsonLines(_File):
    """One JSON object per record and line: {"step", "time", the values}."""

    def write(self, step, wall, values):
        fh = self._file()
        record = {"step": step, "time": wall}
        record.update(values)
        fh.write(json.dumps(record, allow_nan=True) + "\n")
        fh.flush()


class Csv(_File):
    """A wide CSV: columns step, time, then one per key in the order keys
    first appear; a record leaves the keys it doesn't have empty. When a
    new key appears the file is rewritten with the wider header (to a
    temporary file, then renamed over it), so it is always one valid CSV
    table that the csv module, pandas or a spreadsheet reads."""

    def __init__(self, path):
        super().__init__(path)
        self.columns = ["step", "time"]
        csv.writer(self._fh).writerow(self.columns)
        self._fh.flush()

    def write(self, step, wall, values):
        new = [k for k in values if k not in self.columns]
        if new:
            self._widen(new)
        row = dict(values, step=step, time=wall)
        fh = self._file()
        csv.writer(fh).writerow(["" if row.get(c) is None else row[c] for c in self.columns])
        fh.flush()

    def _widen(self, new):
        self.close()
        with open(self.path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))[1:]
        self.columns += new
        with replacing(self.path) as tmp:
            with open(tmp, "w", newline="", encoding="utf-8") as f:
                w = csv.writer(f)
                w.writerow(self.columns)
                for r in rows:
                    w.writerow(r + [""] * len(new))


class TensorBoard(Sink):
    """Scalars for TensorBoard (torch.utils.tensorboard), one tag per key,
    at the record's step; non-numeric values are left out."""

    def __init__(self, log_dir):
        self.log_dir = os.fspath(log_dir)
        self._writer = None

    def write(self, step, wall, values):
        if self._writer is None:
            from torch.utils.tensorboard import SummaryWriter

            self._writer = SummaryWriter(log_dir=self.log_dir)
        for k, v in values.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                self._writer.add_scalar(k, v, global_step=step, walltime=wall)

    def close(self):
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def __repr__(self):
        return "TensorBoard(%r)" % self.log_dir


class Plot(Sink):
    """At close, a PNG with one panel per numeric key: its values against
    the step (written to a temporary file, then renamed). Nothing is written
    when nothing numeric was logged."""

    def __init__(self, path):
        self.path = os.fspath(path)
        self.series = {}  # key -> ([steps], [values])
        self._drawn = True  # nothing new since the last picture

    def write(self, step, wall, values):
        for k, v in values.items():
            if _numeric(v):
                xs, ys = self.series.setdefault(k, ([], []))
                xs.append(step)
                ys.append(v)
                self._drawn = False

    def close(self):
        if self._drawn:
            return
        self._drawn = True
        # The Agg canvas directly, not pyplot: no global backend is changed
        # (a notebook's inline plots stay as they are).
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        n = len(self.series)
        fig = Figure(figsize=(7, 2.2 * n + 0.4))
        FigureCanvasAgg(fig)
        axes = fig.subplots(n, 1, sharex=True, squeeze=False)[:, 0]
        for ax, (k, (xs, ys)) in zip(axes, self.series.items(), strict=True):
            ax.plot(xs, ys, label=k, linewidth=1.2, marker="." if len(xs) < 50 else None)
            ax.set_ylabel(k)
            ax.grid(True, alpha=0.3)
        axes[-1].set_xlabel("step")
        fig.tight_layout()
        with replacing(self.path) as tmp:
            fig.savefig(tmp, format="png", dpi=100)

    def __repr__(self):
        return "Plot(%r)" % self.path
