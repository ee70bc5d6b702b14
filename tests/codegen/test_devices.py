"""A program runs where its file's `devices` (or --devices) says: models are
made there, datasets converted from Python and their batches are there,
tensors its code makes (`arange`, `causal`, values converted by `as`) are
made there, and an argument elsewhere is an ArgumentError naming the
parameter, the device expected and the one found. Without a GPU, the
`meta` device (shapes, no values) stands in for one through --devices."""

import numpy as np
import pytest
import torch

import shapescript
import shapescript.rt as rt

SOURCE = """
import python torch

dim F = 4
dim C = 3

model Lin:
    w: [F C] = normal(0.1)

data Pair:
    x: [F]
    y: Index[C]

fn made() -> Lin:
    return Lin.init(seed=0)

fn logits(m: Lin, x: [b F]) -> [b C]:
    return x @ m.w

fn loss(m: Lin, batch: Batch[Pair]) -> [] f32:
    return cross_entropy(logits(m, batch.x), batch.y)

fn examples(ds: Dataset[Pair]) -> Dataset[Pair]:
    return ds

fn count(x: [n F]) -> [?k] i64:
    return arange(0, n, 1)

fn steps() -> [?k] i64:
    return arange(0, F, 1)

fn later() -> [C C] Mask:
    return causal[C C]

fn converted() -> [2 F]:
    return torch.zeros(2, 4) as [2 F]

fn restored(path: str) -> Lin:
    return load(path) as Lin
"""

PAIRS = {"x": np.zeros((5, 4), np.float32), "y": np.array([0, 1, 2, 1, 0])}


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    path = tmp_path_factory.mktemp("devices") / "devices.ss"
    path.write_text(SOURCE)
    return path


def load(source, devices, checks="always"):
    return shapescript.load(source, checks=checks, devices=devices, name="devices_%s" % devices.replace(":", "_"))


def runs_on(mod, device):
    """Everything the program makes is on `device`."""
    device = torch.device(device)
    m = mod.made()
    assert {p.device for p in m.parameters()} == {device}
    assert {p.device for p in mod.Lin.init(seed=1).parameters()} == {device}
    ds = mod.examples(PAIRS)
    assert isinstance(ds, rt.Dataset) and {t.device for t in ds.fields.values()} == {device}
    for batch in rt.batches(ds, 2):
        assert mod.loss(m, batch).device == device
    x = torch.zeros(3, 4, device=device)
    assert mod.count(x).device == device
    assert mod.steps().device == device
    assert mod.later().device == device
    assert mod.converted().device == device
    return m


def test_devices_on_the_command_line_place_the_program(source, tmp_path):
    # meta exists without a GPU, and differs from where torch makes things.
    mod = load(source, "meta")
    runs_on(mod, "meta")
    rt.save(str(tmp_path / "lin.safetensors"), mod.Lin.init(seed=0, device="cpu"))
    restored = mod.restored(str(tmp_path / "lin.safetensors"))
    assert {p.device for p in restored.parameters()} == {torch.device("meta")}


def test_an_argument_on_another_device_names_both(source):
    mod = load(source, "meta")
    m = mod.made()
    with pytest.raises(shapescript.ArgumentError) as error:
        mod.logits(m, torch.zeros(2, 4))
    e = error.value
    assert (e.function, e.parameter, e.expected, e.found) == ("logits", "x", "meta", "cpu")
    assert "logits(): argument `x`: expected device meta (where the program runs), found cpu" in str(e)
    # A model made elsewhere is refused too.
    with pytest.raises(shapescript.ArgumentError) as error:
        mod.logits(mod.Lin.init(seed=0, device="cpu"), torch.zeros(2, 4, device="meta"))
    assert (error.value.parameter, error.value.found) == ("m", "cpu")
    # So is a batch, which Python made on the CPU.
    batch = next(iter(rt.batches(rt.cast(PAIRS, rt.DatasetSpec(mod.Pair), "t"), 2)))
    with pytest.raises(shapescript.ArgumentError) as error:
        mod.loss(m, batch)
    assert (error.value.parameter, error.value.expected, error.value.found) == ("batch", "meta", "cpu")


def test_devices_cpu_in_the_file(build):
    mod = build("devices cpu\n" + SOURCE)
    assert mod._ss_devices == ("cpu",)
    m = runs_on(mod, "cpu")
    with pytest.raises(shapescript.ArgumentError) as error:
        mod.logits(m, torch.zeros(2, 4, device="meta"))
    assert (error.value.parameter, error.value.expected, error.value.found) == ("x", "cpu", "meta")


def test_cpu_workers_run_on_the_cpu_and_the_first_device_is_the_programs():
    assert rt.program_device(("cpu*3",)) == torch.device("cpu")
    assert rt.program_device(("cuda:1", "cuda:0")) == torch.device("cuda:1")
    assert rt.program_device(("mps",)) == torch.device("mps:0")
    assert rt.program_device(()) is None
    with pytest.raises(ValueError, match="'gpu0' isn't a device"):
        rt.program_device(("gpu0",))
    assert rt.program_device(("cuda:127",)) == torch.device("cuda:127")


@pytest.mark.parametrize("index", [128, 256, 768])
def test_a_gpu_index_torch_would_wrap_is_refused(index):
    # torch keeps the index in a signed byte: cuda:768 would be cuda:0.
    with pytest.raises(ValueError, match="'cuda:%d' is past the last GPU index torch takes, 127" % index):
        rt.program_device(("cuda:0", "cuda:%d" % index))


def test_without_devices_the_arguments_decide(build):
    mod = build(SOURCE, "--checks", "always")
    x = torch.zeros(3, 4, device="meta")
    assert mod.count(x).device == torch.device("meta")
    assert {p.device for p in mod.made().parameters()} == {torch.device("cpu")}


REBOUND = """
fn rebound(x: [n], mode: Mode) -> ([?k] i64, [n n] Mask, [n]):
    x = mode == Eval
    return arange(0, n, 1), causal[n n], zeros([n])
"""


def test_a_parameter_the_body_assigns_still_gives_the_device(build):
    # The device is read off `x` before the body gives `x` a bool.
    mod = build(REBOUND)
    made = mod.rebound(torch.zeros(3, device="meta"), rt.Eval)
    assert [t.device for t in made] == [torch.device("meta")] * 3
    assert [tuple(t.shape) for t in made] == [(3,), (3, 3), (3,)]


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
def test_devices_cuda(build):
    mod = build("devices cuda:0\n" + SOURCE)
    m = runs_on(mod, "cuda:0")
    with pytest.raises(shapescript.ArgumentError) as error:
        mod.logits(m, torch.zeros(2, 4))
    assert (error.value.parameter, error.value.expected, error.value.found) == ("x", "cuda:0", "cpu")
    batch = next(iter(rt.batches(mod.examples(PAIRS), 5)))
    assert torch.isfinite(mod.loss(m, batch)).item()


def test_a_dataset_parameter_takes_what_as_takes(build, tmp_path):
    mod = build(SOURCE)
    ds = mod.examples(PAIRS)
    assert isinstance(ds, rt.Dataset) and len(ds) == 5 and mod.examples(ds) is ds
    np.savez(tmp_path / "pairs.npz", **PAIRS)
    assert len(mod.examples(str(tmp_path / "pairs.npz"))) == 5
    with pytest.raises(shapescript.ArgumentError) as error:
        mod.examples({"x": PAIRS["x"], "y": PAIRS["y"] + 1})
    assert str(error.value).startswith("examples(): argument `ds`, field `y`: expected Index[3] values in 0..3")
