"""`as Dataset[R]` on data from the rest of Python's stack
(shapescript/sources.py): a torch map-style Dataset (dicts or tuples per
example), a TensorDataset, an IterableDataset, a DataLoader (its dataset
when it reads each example once, plainly collated; else its batches), a
list of examples and numpy arrays. Each mistake names the field (or the
example), what was expected and what was found."""

import numpy as np
import pytest
import torch
from torch.utils import data

import shapescript.rt as rt
from shapescript import ArgumentError

DIGIT = rt.DataSpec(
    "Digit",
    (
        rt.FieldSpec("image", rt.TensorSpec((("P", ((4, ()),)),), "f32")),
        rt.FieldSpec("label", rt.TensorSpec((), "index", 10)),
    ),
)
DS = rt.DatasetSpec(DIGIT)
HEAD = "digits.ss:35: `as Dataset[Digit]`"


def cast(value, spec=DS):
    return rt.cast(value, spec, "digits.ss:35")


def cast_error(value, spec=DS):
    with pytest.raises(ArgumentError) as e:
        cast(value, spec)
    return e.value


def image(i):
    return torch.arange(4, dtype=torch.float32) + 10 * i


class Digits(data.Dataset):
    """A map-style dataset of `n` examples, each a dict (or a tuple in the
    record's order); `change(i, example)` changes example i's."""

    def __init__(self, n=10, tuples=False, change=None):
        self.n, self.tuples, self.change = n, tuples, change

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if not 0 <= i < self.n:
            raise IndexError(i)
        example = (image(i), i % 10) if self.tuples else {"image": image(i), "label": i % 10}
        return self.change(i, example) if self.change else example


def expected(n=10, order=None):
    order = list(range(n)) if order is None else order
    return torch.stack([image(i) for i in order]), torch.tensor([i % 10 for i in order])


def same(ds, n=10, order=None):
    images, labels = expected(n, order)
    assert isinstance(ds, rt.Dataset) and ds.spec is DIGIT and len(ds) == len(images)
    assert ds.image.dtype == torch.float32 and ds.label.dtype == torch.int64
    return torch.equal(ds.image, images) and torch.equal(ds.label, labels)


# ---------------------------------------------------------------- what it takes


@pytest.mark.parametrize("tuples", [False, True], ids=["dicts", "tuples"])
def test_a_map_style_torch_dataset(tuples):
    assert same(cast(Digits(tuples=tuples)))


def test_a_tensor_dataset_is_its_tensors_in_field_order():
    images, labels = expected()
    assert same(cast(data.TensorDataset(images, labels.to(torch.int32))))


def test_an_iterable_dataset_is_read_through():
    class Stream(data.IterableDataset):
        def __iter__(self):
            return ({"image": image(i), "label": i % 10} for i in range(7))

    assert same(cast(Stream()), 7)


def test_a_plain_loader_gives_its_dataset_in_its_stored_order():
    """Shuffled or not, a loader that reads each example once by default
    collation is its dataset as stored (ShapeScript's `shuffle` orders it);
    the loader itself is never iterated."""

    class Unread(data.DataLoader):
        def __iter__(self):
            raise AssertionError("the loader was iterated")

    for kwargs in ({"batch_size": 4}, {"batch_size": 4, "shuffle": True}, {"batch_size": None}):
        assert same(cast(Unread(Digits(), **kwargs))), kwargs
    # drop_last drops nothing when the batches fit.
    assert same(cast(Unread(Digits(8), batch_size=4, drop_last=True)), 8)


def test_a_loader_that_isnt_plain_gives_what_it_yields():
    # It drops the last 2 examples.
    assert same(cast(data.DataLoader(Digits(), batch_size=4, drop_last=True)), 8)
    # Its own collation, batch after batch.
    collate = lambda batch: {k: torch.stack([torch.as_tensor(e[k]) for e in batch]) for k in batch[0]}  # noqa: E731
    assert same(cast(data.DataLoader(Digits(), batch_size=3, collate_fn=collate)))
    # A sampler that picks 6 of them (a random draw of its own each time).
    digits = Digits()
    assert len(cast(data.DataLoader(digits, batch_size=4, sampler=data.RandomSampler(digits, num_samples=6)))) == 6
    # Its own sampler: the examples it picks, one at a time.
    assert same(cast(data.DataLoader(Digits(), batch_size=None, sampler=[5, 2, 7])), order=[5, 2, 7])
    # An iterable dataset, batched: the batches end to end.
    stream = data.TensorDataset(*expected())  # as an iterable one through a generator
    iterable = type("It", (data.IterableDataset,), {"__iter__": lambda self: iter(stream)})()
    assert same(cast(data.DataLoader(iterable, batch_size=4)))


def test_a_list_of_examples():
    examples = [{"image": image(i).numpy(), "label": i % 10} for i in range(10)]
    assert same(cast(examples))
    assert same(cast([(image(i), np.int64(i % 10)) for i in range(10)]))
    # Python values convert as lists do: ints where floats are asked for.
    ds = cast([{"image": [1, 2, 3, 4], "label": 3}])
    assert ds.image.dtype == torch.float32 and ds.image.tolist() == [[1.0, 2.0, 3.0, 4.0]]


def test_numpy_arrays():
    images, labels = expected()
    assert same(cast({"image": images.numpy().astype(np.float64), "label": labels.numpy()}))
    structured = np.zeros(10, dtype=[("image", np.float32, (4,)), ("label", np.int64)])
    structured["image"], structured["label"] = images.numpy(), labels.numpy()
    assert same(cast(structured))


def test_a_record_of_one_field_takes_bare_values():
    one = rt.DataSpec("One", (rt.FieldSpec("x", rt.TensorSpec((("P", ((4, ()),)),), "f32")),))
    ds = cast([image(i) for i in range(3)], rt.DatasetSpec(one))
    assert torch.equal(ds.x, torch.stack([image(i) for i in range(3)]))


def test_a_dataset_parameter_takes_a_loader_too():
    sig = rt.Signature("train", "t.ss:1", (("ds", DS),))
    assert same(rt.convert_arg(sig, 0, data.DataLoader(Digits(), batch_size=4)))
    with pytest.raises(ArgumentError) as e:
        rt.convert_arg(sig, 0, Digits(change=lambda i, ex: {"image": ex["image"]} if i == 3 else ex))
    assert str(e.value).startswith("train(): argument `ds`: Digit field `label` is missing from example 3")


# ---------------------------------------------------------------- each mistake, named


def changed(at, how, **kwargs):
    return Digits(change=lambda i, ex: how(ex) if i == at else ex, **kwargs)


def test_a_missing_field_names_it_and_the_example():
    e = cast_error(changed(3, lambda ex: {"image": ex["image"]}))
    assert str(e) == (
        HEAD + ": Digit field `label` is missing from example 3 (Digit has fields `image`, `label`; found `image`)"
    )
    assert (e.expected, e.found) == ("label", None)


def test_an_extra_field_names_it_and_the_example():
    e = cast_error([{"image": image(0), "label": 0, "weight": 1.0}])
    assert str(e) == HEAD + ": unexpected field `weight` in example 0 (Digit has fields `image`, `label`)"
    assert e.found == "weight"


def test_a_tuple_of_the_wrong_length():
    e = cast_error(changed(2, lambda ex: ex[:1], tuples=True))
    assert str(e) == (
        HEAD + ": expected a tuple of 2 values, one per field of Digit (`image`, `label`), found 1 value at example 2"
    )
    e = cast_error(data.TensorDataset(torch.zeros(3, 4)))
    assert str(e) == (
        HEAD + ": expected a TensorDataset of 2 tensors, one per field of Digit (`image`, `label`), found 1"
    )


def test_an_example_that_isnt_a_record():
    e = cast_error([{"image": image(0), "label": 0}, 7])
    assert str(e) == (
        HEAD + ": expected a mapping of Digit's fields (`image`, `label`) or a tuple of them in that order, "
        "found an int at example 1"
    )


def test_examples_of_different_shapes_name_the_field():
    e = cast_error(changed(4, lambda ex: dict(ex, image=torch.zeros(5))))
    assert str(e) == HEAD + ", field `image`: expected shape [4] (as example 0 has), found [5] at example 4"
    assert (e.parameter, e.expected, e.found) == ("value.image", "[4]", "[5]")
    # A loader's dataset, read as it is (and so the examples are numbered as it numbers them).
    loader = data.DataLoader(changed(5, lambda ex: dict(ex, image=torch.zeros(5))), batch_size=4, shuffle=True)
    assert "field `image`: expected shape [4] (as example 0 has), found [5] at example 5" in str(cast_error(loader))


def test_a_batch_of_another_shape_names_the_field_and_the_batch():
    def collate(batch):
        out = data.default_collate(batch)
        return dict(out, image=out["image"][:, :3]) if len(batch) < 4 else out

    e = cast_error(data.DataLoader(Digits(), batch_size=4, collate_fn=collate))
    assert str(e) == (
        HEAD + ", field `image`: expected shape [4] after the batch axis (as batch 0 has), found [3] at batch 2"
    )


def test_a_shape_or_dtype_the_record_doesnt_have_names_the_field():
    e = cast_error([{"image": torch.zeros(5), "label": 0}] * 2)
    assert str(e) == (HEAD + ", field `image`, axis 1 `P`: expected size 4, found 5 (value.image has shape [2, 5])")
    assert (e.parameter, e.axis, e.expected, e.found) == ("value.image", "P", 4, 5)
    e = cast_error(Digits(change=lambda i, ex: dict(ex, image=ex["image"].to(torch.uint8))))
    assert str(e) == HEAD + ", field `image`: expected f32, found torch.uint8"
    e = cast_error(Digits(change=lambda i, ex: dict(ex, label=float(ex["label"]))))
    assert str(e) == HEAD + ", field `label`: expected Index[10] (torch.int64), found torch.float32"


def test_an_index_out_of_range_names_the_example():
    e = cast_error(changed(6, lambda ex: dict(ex, label=12)))
    assert str(e) == (
        HEAD
        + ", field `label`: expected Index[10] values in 0..10, found 12 (value.label has shape [10], at example 6)"
    )


def test_a_value_that_isnt_a_number():
    e = cast_error(changed(1, lambda ex: dict(ex, label="seven")))
    assert str(e) == HEAD + ", field `label`: expected a tensor, an array or a number, found a str at example 1"


def test_nothing_to_read():
    assert str(cast_error([])) == HEAD + ": expected examples of Digit, found an empty list"
    assert str(cast_error(Digits(0))) == HEAD + ": expected examples of Digit, found an empty dataset"

    class NoLength(data.Dataset):
        def __getitem__(self, i):
            return {}

    assert str(cast_error(NoLength())) == (
        HEAD + ": expected a map-style torch Dataset (with len and [i]), found NoLength, which has no len"
    )
    assert str(cast_error((np.zeros((2, 4)), np.zeros(2)))) == (
        HEAD + ": expected Dataset[Digit] (or a mapping of arrays, a .safetensors or .npz file, a list of "
        "examples, a torch Dataset or DataLoader), found tuple"
    )
