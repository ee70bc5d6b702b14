"""Where a program runs: the torch device its file's `devices` line (or
`--devices`, or `load(..., devices=...)`) names."""

import torch


def program_device(devices):
    """The device of a module's `_ss_devices`: the first one listed (the
    others are for the program's workers); `cpu*N` (N CPU workers) is the
    CPU, and a device without an index is index 0 (`cuda` is `cuda:0`), as
    its tensors report it. None when the list is empty."""
    if not devices:
        return None
    name = devices[0].split("*", 1)[0].strip()
    try:
        device = torch.device(name)
    except RuntimeError:
        raise ValueError("devices: %r isn't a device torch knows (cpu, cuda:0, mps, ...)" % devices[0]) from None
    if device.index is None and device.type not in ("cpu", "meta"):
        device = torch.device(device.type, 0)
    return device
