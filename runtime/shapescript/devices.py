"""Where a program runs: the devices its file's `devices` line (or
`--devices`, or `load(..., devices=...)`) names, read as the checker reads
the line (E0107), and the torch device of this process."""

import re

import torch

from . import workers

# More CPU workers than this is a mistake, not a plan (the checker's limit too).
MAX_CPU_WORKERS = 256

# torch keeps a device's index in a signed byte, so `cuda:128` would wrap
# to `cuda:-128` and `cuda:256` to `cuda:0` (the checker's limit too).
MAX_CUDA_INDEX = 127

# `meta` (shapes without values) is for tests: a device that isn't the CPU
# on a machine without a GPU. The checker doesn't take it in a file.
_ENTRY = re.compile(r"^(?P<kind>[a-z]+)(?::(?P<index>\d+))?(?:\*(?P<count>-?\d+))?$")


class DeviceListError(ValueError):
    """A devices list with an entry that isn't a device, or devices that
    don't go together; the message names the entry."""


class Placement:
    """A devices list read: the kind of device (cpu, cuda, mps), the torch
    devices listed, and how many workers run the program (1: in this
    process)."""

    __slots__ = ("kind", "devices", "workers")

    def __init__(self, kind, devices, count):
        self.kind = kind
        self.devices = devices
        self.workers = count

    def __repr__(self):
        return "Placement(%s, %s, workers=%d)" % (self.kind, [str(d) for d in self.devices], self.workers)


def placement(names, check_present=True):
    """The Placement of a devices list (entries such as "cpu", "cpu*3",
    "cuda:0", "mps"); None for an empty one. `check_present`: a CUDA index
    this machine doesn't have is an error too. Raises DeviceListError."""
    entries = [str(n).strip() for n in names]
    if not entries:
        return None
    kinds, devices, count = [], [], 1
    for entry in entries:
        m = _ENTRY.match(entry.replace(" ", ""))
        if not m or m.group("kind") not in ("cpu", "cuda", "mps", "meta"):
            raise DeviceListError(
                "devices: %r isn't a device; devices are cpu, cpu*N (N CPU workers), cuda:N and mps" % entry
            )
        kind, index, n = m.group("kind"), m.group("index"), m.group("count")
        if index is not None and kind != "cuda":
            raise DeviceListError("devices: %r: only cuda devices have an index" % entry)
        if index is not None and int(index) > MAX_CUDA_INDEX:
            raise DeviceListError("devices: %r is past the last GPU index torch takes, %d" % (entry, MAX_CUDA_INDEX))
        if n is not None:
            if kind != "cpu":
                raise DeviceListError("devices: %r: *N counts CPU workers, as in cpu*3" % entry)
            if not 1 <= int(n) <= MAX_CPU_WORKERS:
                raise DeviceListError(
                    "devices: %r: the number of CPU workers must be 1 to %d, not %s" % (entry, MAX_CPU_WORKERS, n)
                )
            count = int(n)
        if kinds and kind != kinds[0]:
            raise DeviceListError(
                "devices: %r mixes %s with %s: a program runs on one kind of device" % (entry, kind, kinds[0])
            )
        kinds.append(kind)
        device = torch.device(kind, int(index)) if index is not None else torch.device(kind)
        if kind not in ("cpu", "meta") and device.index is None:
            device = torch.device(kind, 0)
        if device in devices:  # `cpu*2, cpu*3` too: both are the CPU
            raise DeviceListError("devices: %r is listed twice" % entry)
        devices.append(device)
    kind = kinds[0]
    if kind == "cuda":
        count = len(devices)
        if check_present:
            have = torch.cuda.device_count() if torch.cuda.is_available() else 0
            for entry, device in zip(entries, devices, strict=True):
                if device.index >= have:
                    raise DeviceListError(
                        "devices: %r isn't there: this machine has %d CUDA device%s"
                        % (entry, have, "" if have == 1 else "s")
                    )
    return Placement(kind, devices, count)


def program_device(devices):
    """The device of a module's `_ss_devices`: a worker's own device (its
    part of the list: workers.py), else the first one listed; `cpu*N` is
    the CPU, and a device without an index is index 0 (`cuda` is
    `cuda:0`), as its tensors report it. None when the list is empty."""
    if workers.world() is not None:
        return workers.world().device
    if not devices:
        return None
    try:
        return placement(devices, check_present=False).devices[0]
    except DeviceListError as e:
        raise ValueError(str(e)) from None
