"""The one walk over a recorded step's arguments (shapescript/step_arguments.py):
what an argument rebuilds to, which tensors a replay copies where, and which
a recording ahead makes at the announced batch size. The key it gives is
tested as the signature's (test_recording.py)."""

import torch

import shapescript.rt as rt
from shapescript import step_arguments
from shapescript.data import Batch, Example


def _record(name, *fields):
    return rt.DataSpec(name, [rt.FieldSpec(f, rt.TensorSpec([])) for f in fields])


DIGIT, OTHER = _record("Digit", "image", "label"), _record("Other", "x")


def _argument():
    """A step's arguments as a padded caller passes them: batches with their
    pads, a tensor, a model, a mode, host values, and a dict of masks."""
    batch = Batch({"image": torch.rand(4, 3), "label": torch.arange(4)}, DIGIT, torch.rand(4) > 0.5)
    other = Batch({"x": torch.rand(4, 2)}, OTHER, None)
    example = Example({"x": torch.rand(2)}, OTHER)
    masks = {1: torch.rand(4) > 0.5, "a": (torch.rand(4, 5), 3)}
    model = torch.nn.Linear(2, 2)
    return (batch, [other, example], torch.rand(4), model, rt.Train(seed=0), rt.Eval, None, 2.5, "s", masks)


def test_rebuilt_with_its_own_tensors_an_argument_is_what_it_was():
    value = _argument()
    key, leaves, rebuild = step_arguments.flatten(value)
    tensors = [t for t, _ in leaves]
    assert len(tensors) == 8  # 2 fields and the pads, 1, 1, 1, and the dict's 2
    again = rebuild(tensors)
    assert step_arguments.flatten(again)[0] == key
    batch, (other, example), tensor, model, train, mode, none, number, text, masks = again
    assert batch is not value[0] and type(batch) is Batch and batch.spec is DIGIT
    assert batch.image is value[0].image and batch.pad_mask is value[0].pad_mask
    assert other.x is value[1][0].x and other.pad_mask is None and example.x is value[1][1].x
    assert not hasattr(example, "pad_mask")
    assert tensor is value[2] and masks[1] is value[9][1] and masks["a"][0] is value[9]["a"][0]
    assert list(masks) == [1, "a"]  # a dict rebuilt in its own order
    # What a graph keeps as it is, it keeps: the same objects.
    assert (model, train, mode, none, number, text) == value[3:9] and model is value[3] and train is value[4]


def test_a_replay_copies_each_tensor_into_its_own_place():
    """A call's tensors go into the graph's copies at their own places, a
    dict of masks made in another order included (it has the same key)."""
    value = _argument()
    static = step_arguments.copies(value)
    _, leaves, rebuild = step_arguments.flatten(value)
    given = rebuild([~t if t.dtype == torch.bool else t + 1 for t, _ in leaves])
    given = given[:9] + ({"a": given[9]["a"], 1: given[9][1]},)
    assert step_arguments.flatten(given)[0] == step_arguments.flatten(static)[0]
    step_arguments.copy_into(static, given)
    assert torch.equal(static[9][1], given[9][1]) and not torch.equal(static[9][1], value[9][1])
    for s, g in zip(step_arguments.tensors(static), step_arguments.tensors(given), strict=True):
        assert s is not g and torch.equal(s, g)


def test_a_recording_ahead_makes_the_announced_record_s_batches_at_the_new_size():
    """The batches of the announced record, their pads and the masks passed
    in a dict are made at the new size; nothing else changes shape."""
    args = step_arguments.template(_argument()[:4])
    kwargs = step_arguments.template({"_ss_pad": {1: torch.ones(4, dtype=torch.bool)}})
    made_args, made_kwargs = step_arguments.made(args, DIGIT, 4, 7), step_arguments.made(kwargs, DIGIT, 4, 7)
    batch, (other, example), tensor, model = made_args
    assert [tuple(t.shape) for t in (batch.image, batch.label, batch.pad_mask)] == [(7, 3), (7,), (7,)]
    assert (batch.label.dtype, batch.pad_mask.dtype) == (torch.int64, torch.bool)
    assert bool(batch.pad_mask.all())  # every example of a made batch is real
    assert (tuple(other.x.shape), tuple(example.x.shape), tuple(tensor.shape)) == ((4, 2), (2,), (4,))
    assert tuple(made_kwargs["_ss_pad"][1].shape) == (7,)


def test_a_workers_part_of_a_split_batch_is_part_of_the_key_and_kept_by_copies():
    """A worker's part (workers.py): where it starts in the whole batch and
    the whole's size change what a graph computes, so they are in the key,
    a graph's copies keep them, and a recording ahead makes the part it is
    told of."""
    mask = torch.ones(21, dtype=torch.bool)
    mask._ss_part = (22, 64)
    batch = Batch({"image": torch.rand(21, 3), "label": torch.arange(21)}, DIGIT, mask)
    other_place = torch.ones(21, dtype=torch.bool)
    other_place._ss_part = (21, 63)  # the same shape, another part of another whole
    moved = Batch(batch.fields, DIGIT, other_place)
    assert step_arguments.flatten(batch)[0] != step_arguments.flatten(moved)[0]
    assert step_arguments.copies(batch).pad_mask._ss_part == (22, 64)
    shapes = step_arguments.template(batch)
    made = step_arguments.made(shapes, DIGIT, 21, 8, (22, 30))
    assert made.pad_mask.shape == (8,) and made.pad_mask._ss_part == (22, 30)
    assert made.image.shape == (8, 3) and not hasattr(made.image, "_ss_part")
    assert step_arguments.made(shapes, DIGIT, 21, 21).pad_mask._ss_part == (22, 64)
