"""Datasets through `as` (cast), shuffle, batches, and the digits dataset."""

import numpy as np
import pytest
import torch

import shapescript.rt as rt
from shapescript import ArgumentError
from shapescript.datasets import digits, patterns

DIGIT = rt.DataSpec(
    "Digit",
    (
        rt.FieldSpec("image", rt.TensorSpec((("P", ((64, ()),)),), "f32")),
        rt.FieldSpec("label", rt.TensorSpec((), "index", 10)),
    ),
)
DS = rt.DatasetSpec(DIGIT)


def arrays(n=10):
    return {"image": np.random.default_rng(0).random((n, 64)), "label": np.arange(n) % 10}


def cast_error(value, spec=DS):
    with pytest.raises(ArgumentError) as e:
        rt.cast(value, spec, "digits.ss:35")
    return e.value


def test_a_mapping_becomes_a_dataset_with_the_fields_dtypes():
    ds = rt.cast(arrays(), DS, "digits.ss:35")
    assert isinstance(ds, rt.Dataset) and len(ds) == 10 and ds.spec is DIGIT
    assert ds.fields["image"].dtype == torch.float32  # from float64
    assert ds.fields["label"].dtype == torch.int64
    half = {"image": torch.zeros(4, 64, dtype=torch.float16), "label": torch.zeros(4, dtype=torch.int32)}
    ds = rt.cast(half, DS, "digits.ss:35")
    assert ds.image.dtype == torch.float32 and ds.label.dtype == torch.int64


def test_missing_field():
    e = cast_error({"image": np.zeros((3, 64), np.float32)})
    assert str(e) == (
        "digits.ss:35: `as Dataset[Digit]`: Digit field `label` is missing "
        "(Digit has fields `image`, `label`; found `image`)"
    )
    assert e.expected == "label"


def test_extra_field():
    value = dict(arrays(), weight=np.zeros(10))
    assert str(cast_error(value)) == (
        "digits.ss:35: `as Dataset[Digit]`: unexpected field `weight` (Digit has fields `image`, `label`)"
    )


def test_wrong_shape():
    e = cast_error({"image": np.zeros((3, 63), np.float32), "label": np.zeros(3, np.int64)})
    assert str(e) == (
        "digits.ss:35: `as Dataset[Digit]`, field `image`, axis 1 `P`: expected size 64, found 63 "
        "(value.image has shape [3, 63])"
    )
    assert (e.parameter, e.axis, e.expected, e.found) == ("value.image", "P", 64, 63)
    e = cast_error({"image": np.zeros((3, 8, 8), np.float32), "label": np.zeros(3, np.int64)})
    assert "field `image`: expected 1 axis [P] after the example axis, found 2" in str(e)


def test_wrong_dtype():
    e = cast_error({"image": np.zeros((3, 64), np.uint8), "label": np.zeros(3, np.int64)})
    assert str(e) == "digits.ss:35: `as Dataset[Digit]`, field `image`: expected f32, found torch.uint8"
    e = cast_error({"image": np.zeros((3, 64), np.float32), "label": np.zeros(3, np.float32)})
    assert "field `label`: expected Index[10] (torch.int64), found torch.float32" in str(e)


def test_index_out_of_range_names_the_example():
    labels = np.zeros(5, np.int64)
    labels[3] = 10
    e = cast_error({"image": np.zeros((5, 64), np.float32), "label": labels})
    assert str(e) == (
        "digits.ss:35: `as Dataset[Digit]`, field `label`: expected Index[10] values in 0..10, "
        "found 10 (value.label has shape [5], at example 3)"
    )


def test_fields_of_different_lengths():
    e = cast_error({"image": np.zeros((5, 64), np.float32), "label": np.zeros(4, np.int64)})
    assert str(e) == "digits.ss:35: `as Dataset[Digit]`, field `label`: has 4 examples, but `image` has 5"


def test_files(tmp_path):
    from safetensors.numpy import save_file

    a = arrays()
    save_file({"image": a["image"].astype(np.float32), "label": a["label"]}, str(tmp_path / "d.safetensors"))
    np.savez(tmp_path / "d.npz", **a)
    for name in ("d.safetensors", "d.npz"):
        ds = rt.cast(str(tmp_path / name), DS, "digits.ss:35")
        assert len(ds) == 10 and torch.equal(ds.label, torch.arange(10))
    assert "can't read" in str(cast_error(str(tmp_path / "d.csv")))


def test_tuple_of_datasets_names_the_item():
    spec = rt.TupleSpec((DS, DS))
    good = arrays()
    bad = {"image": np.zeros((2, 64), np.float32)}
    e = cast_error((good, bad), spec)
    assert str(e).startswith("digits.ss:35: `as (Dataset[Digit], Dataset[Digit])`, item 2: Digit field `label`")


def test_dataset_and_batch_specs_check_the_record():
    other = rt.DataSpec("Other", (rt.FieldSpec("x", rt.TensorSpec(())),))
    ds = rt.cast({"x": [1.0, 2.0]}, rt.DatasetSpec(other), "t.ss:1")
    sig = rt.Signature("f", "t.ss:1", (("d", DS),))
    with pytest.raises(ArgumentError, match=r"f\(\): argument `d`: expected Dataset\[Digit\], found Dataset\[Other\]"):
        rt.check_args(sig, (ds,), True)
    batch = next(iter(rt.batches(ds, 2)))
    sig = rt.Signature("f", "t.ss:1", (("b", rt.BatchSpec(DIGIT)),))
    with pytest.raises(ArgumentError, match=r"expected Batch\[Digit\], found Batch\[Other\]"):
        rt.check_args(sig, (batch,), True)
    # An equal record from another module is the same type.
    twin = rt.DataSpec("Digit", DIGIT.fields)
    rt.check_args(sig, (next(iter(rt.batches(rt.cast(arrays(), rt.DatasetSpec(twin), "t.ss:1"), 4))),), True)


def test_shuffle_is_a_deterministic_permutation():
    ds = rt.cast({"image": np.zeros((100, 64), np.float32), "label": np.arange(100) % 10}, DS, "t.ss:1")
    ds.fields["label"] = torch.arange(100)  # to see the order
    a, b, c = rt.shuffle(ds, 1), rt.shuffle(ds, 1), rt.shuffle(ds, 2)
    order = torch.cat([batch.label for batch in rt.batches(a, 7)])
    assert torch.equal(order, torch.cat([batch.label for batch in rt.batches(b, 7)]))
    assert not torch.equal(order, torch.cat([batch.label for batch in rt.batches(c, 7)]))
    assert sorted(order.tolist()) == list(range(100))
    g = torch.Generator()
    g.manual_seed(1)
    assert torch.equal(order, torch.randperm(100, generator=g))
    assert len(ds) == 100 and torch.equal(ds.label, torch.arange(100))  # the dataset itself is unchanged
    twice = rt.shuffle(a, 5)
    g.manual_seed(5)
    assert torch.equal(torch.cat([x.label for x in rt.batches(twice, 100)]), order[torch.randperm(100, generator=g)])


def test_batches_sizes_and_the_last_batch():
    ds = rt.cast({"image": np.zeros((100, 64), np.float32), "label": np.arange(100) % 10}, DS, "t.ss:1")
    bs = rt.batches(ds, 32)
    assert len(bs) == 4
    sizes = [len(b) for b in bs]
    assert sizes == [32, 32, 32, 4]
    first = next(iter(bs))
    assert first.image.shape == (32, 64) and first.label.shape == (32,) and first["label"] is first.label
    assert isinstance(first, rt.Batch) and first.spec is DIGIT
    assert torch.equal(torch.cat([b.label for b in bs]), ds.label)
    with pytest.raises(AttributeError, match="no field `lable`"):
        _ = first.lable
    with pytest.raises(ValueError):
        rt.batches(ds, 0)
    assert len(rt.batches(ds, 100)) == 1 and len(rt.batches(ds, 101)) == 1


def test_moving_a_dataset():
    ds = rt.shuffle(rt.cast(arrays(), DS, "t.ss:1"), 3)
    moved = ds.to("meta")
    assert moved.image.device.type == "meta" and moved.order is ds.order and moved.spec is DIGIT


def test_examples():
    ds = rt.cast(arrays(), DS, "t.ss:1")
    ex = ds[3]
    assert ex.label.item() == 3 and ex.image.shape == (64,)
    sig = rt.Signature("f", "t.ss:1", (("d", DIGIT),))
    rt.check_args(sig, (ex,), True)
    ex2 = rt.cast({"image": np.zeros(64, np.float32), "label": 2}, DIGIT, "t.ss:1")
    rt.check_args(sig, (ex2,), True)


def test_batch_loop_yields_the_batches(quiet_log):
    ds = rt.cast(arrays(10), DS, "t.ss:1")
    seen = [len(b) for b in rt.batch_loop(rt.batches(ds, 4), False, "t.ss:3")]
    assert seen == [4, 4, 2]


def test_patterns_repeat_and_split():
    train, test = patterns(n=64, length=10, vocab=7, period=3, test_fraction=0.25, seed=2)
    assert train["ids"].shape == (48, 10) and test["ids"].shape == (16, 10)
    for part in (train, test):
        ids, nxt = part["ids"], part["next"]
        assert ids.dtype == nxt.dtype == part["pos"].dtype == torch.int64
        assert torch.equal(nxt[:, :-1], ids[:, 1:])  # one step on
        assert torch.equal(ids[:, 3:], ids[:, :-3]) and torch.equal(nxt[:, -1], ids[:, -3])  # period 3
        assert torch.equal(part["pos"][0], torch.arange(10)) and int(ids.max()) < 7
    again, _ = patterns(n=64, length=10, vocab=7, period=3, test_fraction=0.25, seed=2)
    assert torch.equal(again["ids"], train["ids"])
    with pytest.raises(ValueError, match="test_fraction must be between 0 and 1"):
        patterns(test_fraction=1)


def test_digits():
    train, test = digits()
    assert len(train["label"]) + len(test["label"]) == 1797
    assert len(test["label"]) == 359
    assert train["image"].dtype == torch.float32 and train["image"].shape[1] == 64
    assert float(train["image"].min()) == 0.0 and float(train["image"].max()) == 1.0
    assert train["label"].dtype == torch.int64 and set(train["label"].tolist()) == set(range(10))
    again, _ = digits()
    assert torch.equal(again["label"], train["label"])
    other, _ = digits(seed=1)
    assert not torch.equal(other["label"], train["label"])
    # Train and test don't overlap: the images are distinct rows of one dataset.
    both = torch.cat([train["image"], test["image"]])
    assert both.shape[0] == 1797
    ds = rt.cast((train, test), rt.TupleSpec((DS, DS)), "digits.ss:35")
    assert len(ds[0]) == 1438
