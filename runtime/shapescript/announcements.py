"""The batch sizes a loop over batches announces when it starts
(data.batch_loop), so recorded steps can record a graph for each before
its first batch comes (recording.py, "recording ahead"). One place both
import, so neither imports the other."""

_listeners = []


def listen(callback):
    """`callback(spec, sizes)` for each announcement from now on."""
    _listeners.append(callback)


def announce(spec, sizes):
    """A loop over batches of the record `spec` starts: its batches will
    have these leading sizes."""
    for callback in list(_listeners):
        callback(spec, frozenset(sizes))


def epoch_sizes(examples, size, pad_to=None):
    """The leading sizes of an epoch's batches: `size`, and the last
    batch's when it is smaller (padded up to `pad_to` when given)."""
    sizes = {size} if examples >= size else set()
    if examples % size:
        sizes.add(pad_to if pad_to is not None else examples % size)
    return sizes
