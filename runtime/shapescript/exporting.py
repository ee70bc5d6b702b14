"""The export step (docs/export.md): an exported function's example inputs
and dynamic shapes, made from the description of its parameters' types
that the compiler writes into the export module, the trace with
torch.export, and the file it writes (a .pt2, or an AOTInductor package).

It needs torch alone: the export module embeds it with the rest of the
runtime, so `python module.py -o out.pt2` runs without ShapeScript.

An input is (name, kind, axes, element, default):
- kind "tensor": `axes` is a tuple with, per axis, ("static", size),
  ("dim", generic), ("derived", generic, coefficient, offset) for
  `coefficient * generic + offset`, or ("auto", None); `element` is the
  element code ("f32", "index", "bool", ...) and `default` an Index's bound
  (a number or ("dim", generic)), else None;
- kind "fixed": an int, float or bool fixed at `default`.
"""

import argparse
import copy
import math
import os
import shutil
import sys
import tempfile

import torch

from . import files

_FLOATS = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64}
_INTEGERS = {"i32": torch.int32, "i64": torch.int64}


def _generics(inputs):
    """Each generic axis, in order of first use, with its least value: every
    size derived from it is at least 1."""
    least = {}
    for _, kind, axes, _, _ in inputs:
        for axis in axes if kind == "tensor" else ():
            if axis[0] == "dim":
                least.setdefault(axis[1], 1)
            elif axis[0] == "derived":
                _, name, coefficient, offset = axis
                need = math.ceil((1 - offset) / coefficient) if coefficient > 0 else 1
                least[name] = max(least.get(name, 1), need)
    return least


def example_sizes(inputs):
    """A size per generic axis, different from every other size in the
    signature (static ones, each other's, the derived ones), so that torch
    can't mistake one axis for another."""
    used = {axis[1] for _, kind, axes, _, _ in inputs if kind == "tensor" for axis in axes if axis[0] == "static"}
    derived = [axis for _, kind, axes, _, _ in inputs if kind == "tensor" for axis in axes if axis[0] == "derived"]
    sizes = {}
    for name, least in _generics(inputs).items():
        value = max(least, 2) + 1
        while value in used or any(
            c * value + o in used or (c * value + o == value and (c, o) != (1, 0))
            for _, n, c, o in derived
            if n == name
        ):
            value += 1
        sizes[name] = value
        used.add(value)
        used.update(c * value + o for _, n, c, o in derived if n == name)
    return sizes


def _size(axis, sizes):
    if axis[0] == "static":
        return axis[1]
    if axis[0] == "dim":
        return sizes[axis[1]]
    if axis[0] == "derived":
        return axis[2] * sizes[axis[1]] + axis[3]
    return 2  # Dim.AUTO: any size torch can work out


def example_inputs(inputs, device=None):
    """The example tensors, one per tensor input: the parameters' dtypes,
    values in their domains (an Index below its bound, a Mask boolean)."""
    sizes = example_sizes(inputs)
    generator = torch.Generator().manual_seed(0)
    out = []
    for _, kind, axes, element, extra in inputs:
        if kind != "tensor":
            continue
        shape = tuple(_size(a, sizes) for a in axes)
        if element in _FLOATS:
            t = torch.randn(shape, generator=generator, dtype=_FLOATS[element])
        elif element == "bool":
            t = torch.randint(0, 2, shape, generator=generator).bool()
        elif element == "index":
            bound = sizes[extra[1]] if isinstance(extra, tuple) else extra
            t = torch.randint(0, max(int(bound), 1), shape, generator=generator)
        else:
            t = torch.randint(0, 10, shape, generator=generator, dtype=_INTEGERS.get(element, torch.int64))
        out.append(t.to(device) if device is not None else t)
    return tuple(out)


def dynamic_shapes(inputs):
    """torch.export's dynamic_shapes, one entry per tensor input: each
    generic axis one Dim wherever it appears, a size linear in one a derived
    Dim, any other Dim.AUTO; static sizes are left out (static)."""
    dims = {name: torch.export.Dim(name, min=least) for name, least in _generics(inputs).items()}
    out = []
    for _, kind, axes, _, _ in inputs:
        if kind != "tensor":
            continue
        spec = {}
        for i, axis in enumerate(axes):
            if axis[0] == "dim":
                spec[i] = dims[axis[1]]
            elif axis[0] == "derived":
                spec[i] = axis[2] * dims[axis[1]] + axis[3]
            elif axis[0] == "auto":
                spec[i] = torch.export.Dim.AUTO
        out.append(spec or None)
    return tuple(out)


class WeightsError(ValueError):
    """The weights asked for can't be the model's: no such checkpoint, no
    model of the function's type in it, a field missing or mis-shaped, or
    weights asked of a function that takes no model."""


def make_program(program_class, model_class, weights=None, seed=0, device=None):
    """The export step's module: `program_class` over a new `model_class`
    (None: the function takes no model) with the weights of the checkpoint
    `weights` (the first model of that class `save` wrote in it), or made
    from `seed` as `M.init(seed=...)` makes them."""
    if model_class is None:
        if weights is not None:
            raise WeightsError(
                "the exported function takes no model, so there are no weights to read from %s" % weights
            )
        return program_class()
    if weights is not None:
        from . import checkpoint

        try:
            model = checkpoint.load(weights).model(model_class)
        except FileNotFoundError:
            raise WeightsError("no checkpoint %s" % weights) from None
        except Exception as e:  # noqa: BLE001 - safetensors' and the checkpoint's errors: all say the file is wrong
            raise WeightsError("can't take the %s from %s: %s" % (model_class.__name__, weights, e)) from None
    else:
        model = model_class(seed=seed)
    if device is not None:
        model = model.to(device)
    return program_class(model)


def export_program(program, inputs, device=None):
    """Traces `program` (a torch.nn.Module whose forward takes the tensor
    inputs) with torch's backed_size_oblivious setting, so generic axes may
    be 1 where torch allows it, and without it if that fails."""
    args = example_inputs(inputs, device)
    shapes = dynamic_shapes(inputs)
    from torch.fx.experimental import _config

    try:
        with _config.patch(backed_size_oblivious=True):
            return torch.export.export(program, args, dynamic_shapes=shapes)
    except Exception:  # noqa: BLE001 - torch's errors have no common base; the second try reports its own
        return torch.export.export(program, args, dynamic_shapes=shapes)


def save(exported, output, aoti=False):
    """Writes the .pt2 (or, with `aoti`, the AOTInductor package) next to
    `output` and moves it there, a .pt2 without the example inputs it was
    traced with (files.replacing: a failed export leaves an
    older file as it was, and a directory, FIFO, device or socket, or a
    missing folder, is a files.OutputError). torch writes to a file object, or
    the package into a folder of its own, so a name that isn't UTF-8
    works."""
    with files.replacing(os.path.abspath(output), suffix=".pt2", make_folder=False) as temporary:
        if aoti:
            from torch import _inductor

            with tempfile.TemporaryDirectory(prefix="shapescript-aoti-") as folder:
                package = os.path.join(folder, "package.pt2")
                _inductor.aoti_compile_and_package(exported, package_path=package)
                shutil.copyfile(package, temporary)
        else:
            # The example inputs made the trace's sizes; a .pt2 keeps none
            # (seed 001), where torch would store them, weights and all.
            # (AOTInductor compiles with them, and its package keeps none.)
            # A shallow copy: the caller's program keeps its own.
            bare = copy.copy(exported)
            bare.example_inputs = None
            with open(temporary, "wb") as f:
                torch.export.save(bare, f)


def main(program_class, model_class, inputs, name, device=None, argv=None, default_output=None, hf_program=None):
    """`python module.py [-o OUT.pt2] [--aoti] [--weights CKPT] [--seed N]`,
    or with a module made for Hugging Face (`hf_program`, an
    hf_export.Program), `python module.py --hf DIR [--dtype D]
    [--tokenizer DIR] [--max-len N] [--no-verify]`: exit status 0; 1 with
    torch's or transformers' error; 2 when the output can't be written
    (files.OutputError, hf.FolderError) or the weights can't be the model's."""
    parser = argparse.ArgumentParser(description="Export `%s` with torch.export (docs/export.md)." % name)
    parser.add_argument("-o", "--output", default=default_output, help="the .pt2 file or AOTInductor package")
    parser.add_argument("--aoti", action="store_true", help="an AOTInductor package, compiled ahead of time")
    parser.add_argument("--weights", help="a checkpoint `save` wrote, for the model the function takes first")
    parser.add_argument("--seed", type=int, default=0, help="the seed of new weights, without --weights (default 0)")
    if hf_program is not None:
        parser.add_argument("--hf", help="the Hugging Face folder to write")
        parser.add_argument("--dtype", default="float32", help="float32 (default), bfloat16 or float16")
        parser.add_argument("--tokenizer", help="a folder with a Hugging Face tokenizer to copy in")
        parser.add_argument("--max-len", type=int, help="max_position_embeddings (default: the positions' bound)")
        parser.add_argument("--no-verify", action="store_true", help="don't load the folder with transformers")
        parser.add_argument("--gguf", help="the GGUF file to write, for llama.cpp")
        parser.add_argument("--arch", help="with --gguf: llama or gpt2 (default: the one that computes the source)")
    args = parser.parse_args(argv)
    hf_folder = getattr(args, "hf", None)
    gguf_file = getattr(args, "gguf", None)
    if not args.output and not hf_folder and not gguf_file:
        parser.error("-o OUT.pt2 is needed")
    try:
        program = make_program(program_class, model_class, args.weights, args.seed, device)
        if gguf_file:
            from . import gguf_export

            try:
                arch = gguf_export.export_gguf(
                    hf_program, program.model, gguf_file, args.arch, args.dtype, args.max_len, args.tokenizer
                )
            except gguf_export.GgufError as e:
                raise WeightsError(str(e)) from None
            print("shapescript export: wrote %s (architecture %s)" % (gguf_file, arch))
            return 0
        if hf_folder:
            from . import hf, hf_export

            try:
                hf_export.export_folder(
                    hf_program,
                    program.model,
                    example_inputs(inputs, device),
                    hf_folder,
                    args.dtype,
                    args.tokenizer,
                    args.max_len,
                    check=not args.no_verify,
                )
            except hf.FolderError as e:
                raise WeightsError(str(e)) from None
            print("shapescript export: wrote %s" % hf_folder)
            return 0
        save(export_program(program, inputs, device), args.output, args.aoti)
    except (files.OutputError, WeightsError) as e:  # not torch's: as the compiler's refusals, exit 2
        print("shapescript export: error: %s" % e, file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - torch's or transformers' error, shown as it is
        what = "couldn't make the Hugging Face folder of" if hf_folder else "torch couldn't export"
        what = "couldn't make the GGUF file of" if gguf_file else what
        print("shapescript export: %s `%s`: %s: %s" % (what, name, type(e).__name__, e), file=sys.stderr)
        return 1
    print("shapescript export: wrote %s" % args.output)
    return 0
