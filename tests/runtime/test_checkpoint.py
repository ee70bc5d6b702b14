"""save / load / `load(path) as M` / optimizer state."""

import json
import os

import pytest
import torch

import shapescript.rt as rt
from shapescript import ArgumentError


class Sub(rt.Model):
    def __init__(self, seed=0):
        super().__init__()
        self.v = rt.Initializer(seed).normal("v", (3,), 1.0, "f32")


class Mlp(rt.Model):
    def __init__(self, seed=0):
        super().__init__()
        init = rt.Initializer(seed)
        self.w = init.normal("w", (4, 2), 1.0, "f32")
        self.b = init.zeros("b", (2,), "f32")
        self.sub = Sub(seed=init.child_seed("sub"))


def make(name, fields):
    """A model class called `name` with fields {name: shape}."""

    def __init__(self, seed=0):
        rt.Model.__init__(self)
        init = rt.Initializer(seed)
        for k, shape in fields.items():
            setattr(self, k, init.normal(k, shape, 1.0, "f32"))

    return type(name, (rt.Model,), {"__init__": __init__})


def loss(m, x):
    return ((x @ m.w + m.b) ** 2).mean() + m.sub.v.pow(2).sum()


def trained(seed=3):
    m = Mlp.init(seed=seed)
    opt = rt.adamw(m, lr=rt.cosine(0.1, 10), weight_decay=0.1)
    for t in range(3):
        _, g = rt.value_and_grad(loss, m, torch.full((5, 4), float(t)))
        rt.update(m, opt, g)
    return m, opt


def test_round_trip(tmp_path):
    m, opt = trained()
    path = tmp_path / "run" / "m.safetensors"
    rt.save(path, m, opt, torch.arange(3))
    assert path.is_file() and not [p for p in os.listdir(path.parent) if p != "m.safetensors"]  # no temp left
    ck = rt.load(path)
    assert [v["kind"] for v in ck.values] == ["model", "optimizer", "tensor"]
    assert ck.values[0]["fields"] == {"w": [4, 2], "b": [2], "sub.v": [3]}
    back = rt.cast(ck, rt.ModelSpec(Mlp), "digits.ss:46")
    assert isinstance(back, Mlp)
    for (n, p), (_, q) in zip(m.named_parameters(), back.named_parameters(), strict=True):
        assert torch.equal(p, q), n
    assert torch.equal(ck.tensors["2"], torch.arange(3))


def test_the_metadata_is_json(tmp_path):
    from safetensors import safe_open

    m, opt = trained()
    rt.save(tmp_path / "m.safetensors", m, opt)
    with safe_open(str(tmp_path / "m.safetensors"), framework="pt") as f:
        meta = json.loads(f.metadata()["shapescript"])
    assert meta["format"] == 1
    assert meta["values"][0]["class"] == "Mlp"
    assert meta["values"][1]["kind"] == "optimizer" and meta["values"][1]["count"] == 3
    assert meta["values"][1]["schedule"] == "cosine(0.1, 10)"


def test_optimizer_state_round_trip(tmp_path):
    m, opt = trained()
    rt.save(tmp_path / "m.safetensors", m, opt)
    ck = rt.load(tmp_path / "m.safetensors")
    m2 = rt.cast(ck, rt.ModelSpec(Mlp), "t.ss:1")
    opt2 = rt.load_optimizer(ck, rt.adamw(m2, lr=rt.cosine(0.1, 10), weight_decay=0.1))
    assert opt2.count == 3
    # Both continue identically.
    for model, o in ((m, opt), (m2, opt2)):
        _, g = rt.value_and_grad(loss, model, torch.ones(5, 4))
        rt.update(model, o, g)
    for (n, p), (_, q) in zip(m.named_parameters(), m2.named_parameters(), strict=True):
        assert torch.equal(p, q), n
    with pytest.raises(ValueError, match="no sgd optimizer"):
        rt.load_optimizer(ck, rt.sgd(m2, lr=0.1))


def test_an_optimizer_saved_on_cuda_loads_on_the_cpu(tmp_path):
    """A CUDA AdamW is capturable (recorded steps); loaded elsewhere, the
    loading optimizer keeps its own setting, and goes on training."""
    m, opt = trained()
    rt.save(tmp_path / "m.safetensors", m, opt)
    path = tmp_path / "m.safetensors"
    ck = rt.load(path)
    for value in ck.values:
        for group in value.get("param_groups", ()):
            group["capturable"] = True  # as a CUDA optimizer saves it
            group["fused"] = True
    opt2 = rt.load_optimizer(ck, rt.adamw(m, lr=0.1))
    assert opt2.torch_optimizer.param_groups[0]["capturable"] is False
    assert not opt2.torch_optimizer.param_groups[0]["fused"]
    _, g = rt.value_and_grad(loss, m, torch.ones(5, 4))
    rt.update(m, opt2, g)


def test_an_optimizer_loaded_keeps_its_state_tensors(tmp_path):
    """A recorded step's graph updates the state tensors it was recorded
    with: loading puts the checkpoint's values into them, not new ones."""
    m, opt = trained()
    rt.save(tmp_path / "m.safetensors", m, opt)
    saved = {k: v.clone() for k, v in opt.torch_optimizer.state[m.w].items()}
    _, g = rt.value_and_grad(loss, m, torch.ones(5, 4))
    rt.update(m, opt, g)  # the state moves on, then the checkpoint brings it back
    had = dict(opt.torch_optimizer.state[m.w])
    rt.load_optimizer(rt.load(tmp_path / "m.safetensors"), opt)
    state = opt.torch_optimizer.state[m.w]
    assert set(state) == set(saved)
    for k, t in state.items():
        assert t is had[k], k
        assert torch.equal(t, saved[k]), k


def test_wrong_model_class(tmp_path):
    m, _ = trained()
    rt.save(tmp_path / "m.safetensors", m)
    ck = rt.load(tmp_path / "m.safetensors")
    with pytest.raises(ArgumentError) as e:
        rt.cast(ck, rt.ModelSpec(make("Big", {"w": (4, 2)})), "digits.ss:46")
    assert str(e.value) == "digits.ss:46: `as Big`: %s holds no Big: its models are of Mlp" % (
        tmp_path / "m.safetensors"
    )


def test_other_fields_and_shapes(tmp_path):
    saved = make("Net", {"w": (4, 2), "b": (2,)})
    rt.save(tmp_path / "n.safetensors", saved())
    ck = rt.load(tmp_path / "n.safetensors")
    with pytest.raises(ArgumentError, match=r"other fields: it lacks `c`; it has `b` that Net doesn't"):
        rt.cast(ck, rt.ModelSpec(make("Net", {"w": (4, 2), "c": (2,)})), "t.ss:1")
    with pytest.raises(ArgumentError, match=r"field `w` of the Net in .* has shape \[4, 2\], but Net's is \[4, 3\]"):
        rt.cast(ck, rt.ModelSpec(make("Net", {"w": (4, 3), "b": (2,)})), "t.ss:1")


def test_not_a_shapescript_file(tmp_path):
    from safetensors.torch import save_file

    save_file({"x": torch.zeros(1)}, str(tmp_path / "x.safetensors"))
    with pytest.raises(ValueError, match="wasn't written by shapescript"):
        rt.load(tmp_path / "x.safetensors")


def test_save_refuses_other_values(tmp_path):
    with pytest.raises(TypeError, match="value 1 is a str"):
        rt.save(tmp_path / "x.safetensors", "hello")
    assert not os.listdir(tmp_path)


def test_save_replaces_a_checkpoint_but_no_other_file(tmp_path):
    m, opt = trained()
    path = tmp_path / "m.safetensors"
    rt.save(path, m)
    rt.save(path, m, opt)  # a checkpoint is replaced
    assert [v["kind"] for v in rt.load(path).values] == ["model", "optimizer"]
    source = tmp_path / "m.ss"
    source.write_text('fn main():\n    save("m.ss", m)\n')
    with pytest.raises(ValueError, match=r"m\.ss: expected a checkpoint to replace"):
        rt.save(source, m)
    assert source.read_text().startswith("fn main()")
    assert sorted(os.listdir(tmp_path)) == ["m.safetensors", "m.ss"]


def write_checkpoint(path, tensors, values):
    """A file as `save` writes it, with the metadata given."""
    from safetensors.torch import save_file

    save_file(tensors, str(path), metadata={"shapescript": json.dumps({"format": 1, "values": values})})
    return path


def test_a_tensor_must_have_the_shape_its_metadata_says(tmp_path):
    # A [3] tensor described as [4, 3] would be broadcast into the model's field.
    path = write_checkpoint(
        tmp_path / "n.safetensors", {"0/w": torch.ones(3)}, [{"kind": "model", "class": "Net", "fields": {"w": [4, 3]}}]
    )
    with pytest.raises(
        ArgumentError, match=r"field `w` has shape \[3\] in the file, but its metadata says \[4, 3\]"
    ) as e:
        rt.load(path)
    assert e.value.parameter == "w"
    path = write_checkpoint(
        tmp_path / "t.safetensors", {"0": torch.ones(2)}, [{"kind": "tensor", "shape": [2], "dtype": "torch.int64"}]
    )
    with pytest.raises(ArgumentError, match=r"value 1 holds float32 in the file, but its metadata says int64"):
        rt.load(path)


def test_a_field_must_have_the_models_dtype(tmp_path):
    # i32 values would be read as floats.
    path = write_checkpoint(
        tmp_path / "n.safetensors",
        {"0/w": torch.ones(4, 3, dtype=torch.int32)},
        [{"kind": "model", "class": "Net", "fields": {"w": [4, 3]}}],
    )
    with pytest.raises(ArgumentError, match=r"field `w` of the Net in .* holds int32, but Net's is float32"):
        rt.cast(rt.load(path), rt.ModelSpec(make("Net", {"w": (4, 3)})), "t.ss:1")


MODEL = {"kind": "model", "class": "Net", "fields": {"w": [2]}}


@pytest.mark.parametrize(
    "meta, message",
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "expected an object, found an array"),
        ('{"format": 1}', '"values" should be a list'),
        ('{"format": 1, "values": [7]}', "value 1 should be an object"),
        ('{"format": 1, "values": [{"kind": "jar"}]}', 'value 1: "kind" should be model, optimizer or tensor'),
        ('{"format": 1, "values": [{"kind": "model", "class": "Net"}]}', 'value 1 \\(a model\\): "fields" should be'),
        ('{"format": 1, "values": [{"kind": "model", "class": "Net", "fields": {"w": "2"}}]}', '"fields" should'),
        ('{"format": 1, "values": [{"kind": "model", "class": "Net", "fields": {"w": [-2]}}]}', '"fields" should'),
        ('{"format": 1, "values": [{"kind": "tensor", "shape": [2]}]}', '"dtype" should be a torch dtype'),
        ('{"format": 1, "values": [{"kind": "tensor", "shape": [2], "dtype": "torch.pony"}]}', '"dtype" should'),
        (
            '{"format": 1, "values": [{"kind": "optimizer", "class": "sgd"}]}',
            'value 1 \\(an optimizer\\): "model_class" should be',
        ),
        ('{"format": 1, "values": [%s, %s]}' % (json.dumps(MODEL), json.dumps(MODEL)), "no tensor '1/w'"),
    ],
)
def test_malformed_metadata_is_a_value_error(tmp_path, meta, message):
    from safetensors.torch import save_file

    save_file({"0/w": torch.ones(2)}, str(tmp_path / "m.safetensors"), metadata={"shapescript": meta})
    with pytest.raises(ValueError, match=message) as e:
        rt.load(tmp_path / "m.safetensors")
    assert "m.safetensors" in str(e.value) and not isinstance(e.value, ArgumentError)
