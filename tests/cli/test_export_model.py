"""Exporting a function that takes a model first (docs/export.md,
"Exporting a model"): the model is the program's, its weights made from
--seed or read from --weights; the .pt2 runs with torch alone and gives
what the source gives. Weights that can't be the model's are refused with
exit 2, leaving an older output as it was."""

import pytest
import torch

import shapescript
from shapescript import checkpoint
from test_export import exported, python, run_with_torch

REPO = __import__("pathlib").Path(__file__).resolve().parents[2]

LIN = (
    "dim D = 4\n\nmodel Lin:\n    w: [D D] = normal(0.02)\n\n"
    "model Other:\n    v: [D] = ones\n\n"
    "export fn forward(m: Lin, x: [n D]) -> [n D]:\n    return x @ m.w\n\n"
    "fn plain(m: Lin, x: [n D]) -> [n D]:\n    return helper(m, x) + 1.0\n\n"
    "fn helper(m: Lin, x: [n D]) -> [n D]:\n    return x @ m.w\n\n"
    "fn no_model(x: [n D]) -> [n D]:\n    return x * 2.0\n"
)

# Runs a .pt2 with torch alone on the inputs saved beside it; saves the result.
RUN_SAVED = r"""
import sys, torch
program = torch.export.load(sys.argv[1]).module()
inputs = torch.load(sys.argv[2])
torch.save(program(*inputs), sys.argv[3])
assert "shapescript" not in sys.modules and "einops" not in sys.modules, sorted(sys.modules)
"""


def run_exported(tmp, pt2, *inputs):
    torch.save(inputs, tmp / "inputs.pt")
    run_with_torch(RUN_SAVED, pt2, tmp / "inputs.pt", tmp / "out.pt")
    return torch.load(tmp / "out.pt")


@pytest.mark.parametrize("example", ["llama", "gpt2"])
def test_the_language_model_examples_export_with_their_model(ss, example):
    source = REPO / "examples" / (example + ".ss")
    pt2 = ss.tmp / (example + ".pt2")
    exported(ss, source, pt2, "--seed", "3")
    module = shapescript.load(source)
    model = module.Llama(seed=3) if example == "llama" else module.Gpt2(seed=3)
    vocabulary = module.V
    for b, n in ((2, 7), (1, 1), (3, 4)):
        inputs = [torch.randint(0, vocabulary, (b, n)), torch.arange(n).expand(b, n).contiguous()]
        want = module.forward(model, *inputs)
        got = run_exported(ss.tmp, pt2, *inputs)
        assert got.shape == want.shape
        assert torch.allclose(got, want, atol=1e-5, rtol=0), (got - want).abs().max()


def test_seed_and_weights_choose_the_models_weights(ss):
    source = ss.write("lin.ss", LIN)
    module = shapescript.load(source)
    x = torch.randn(5, 4)
    for fn in ("forward", "plain"):
        exported(ss, source, ss.tmp / "seeded.pt2", "--fn", fn, "--seed", "7")
        want = getattr(module, fn)(module.Lin(seed=7), x)
        assert torch.equal(run_exported(ss.tmp, ss.tmp / "seeded.pt2", x), want)
    # The checkpoint's first model of the function's type, after one of another type.
    saved = module.Lin(seed=11)
    checkpoint.save(ss.tmp / "ckpt.safetensors", module.Other(seed=1), saved, module.Lin(seed=12))
    exported(ss, source, ss.tmp / "weights.pt2", "--weights", ss.tmp / "ckpt.safetensors")
    assert torch.equal(run_exported(ss.tmp, ss.tmp / "weights.pt2", x), x @ saved.w.detach())
    # From Python, the same.
    program = shapescript.export(source, "forward", weights=ss.tmp / "ckpt.safetensors")
    assert torch.equal(program.module()(x), x @ saved.w.detach())
    assert torch.equal(shapescript.export(source, "forward", seed=7).module()(x), module.forward(module.Lin(seed=7), x))


def test_weights_that_cant_be_the_models_are_refused(ss):
    source = ss.write("lin.ss", LIN)
    module = shapescript.load(source)
    checkpoint.save(ss.tmp / "other.safetensors", module.Other(seed=1))
    checkpoint.save(ss.tmp / "tensor.safetensors", torch.ones(3))
    wide = ss.write("wide.ss", LIN.replace("dim D = 4", "dim D = 5"))
    checkpoint.save(ss.tmp / "wide.safetensors", shapescript.load(wide).Lin(seed=1))
    ss.write("junk.safetensors", b"not a checkpoint")
    old = ss.write("old.pt2", b"older output")
    cases = [
        (("--weights", "missing.safetensors"), "no checkpoint missing.safetensors"),
        (("--weights", "other.safetensors"), "holds no Lin: its models are of Other"),
        (("--weights", "tensor.safetensors"), "holds no model"),
        (("--weights", "wide.safetensors"), "field `w` of the Lin"),
        (("--weights", "junk.safetensors"), "can't take the Lin from junk.safetensors"),
        (("--fn", "no_model", "--weights", "other.safetensors"), "takes no model"),
        (("--seed", "-1"), "--seed expects a whole number"),
        (("--seed", "x"), "--seed expects a whole number"),
        (("--weights", "other.safetensors", "--emit-python", "m.py"), "with --emit-python, give them"),
    ]
    for options, message in cases:
        result = ss.run("export", source, "-o", old, *options, "--python", python(), timeout=600)
        stderr = result.stderr.decode()
        assert result.returncode == 2 and message in stderr, (options, stderr)
        assert old.read_bytes() == b"older output"
    assert not (ss.tmp / "m.py").exists()
    with pytest.raises(ValueError, match="holds no Lin"):
        shapescript.export(source, "forward", weights=ss.tmp / "other.safetensors")
    for seed in (-1, 1.5, True, "0"):
        with pytest.raises(ValueError, match="seed expects a whole number"):
            shapescript.export(source, "forward", seed=seed)
