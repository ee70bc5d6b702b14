"""Padding's run time (runtime/shapescript/padding.py and the masked forms
of ops.py), against plain torch on the real positions: docs/padding.md,
"Why padding is exact"."""

import random

import einops
import pytest
import torch
import torch.nn.functional as F

import shapescript
from shapescript import ops, padding, rt

SEED_SIZES = [1, 2, 3, 4, 5, 7, 9, 12, 15, 19, 24, 30, 38, 48, 60, 80, 104, 136, 176, 224, 280, 352, 440, 552]


@pytest.fixture(autouse=True, params=["host prefixes", "masks only"])
def masked_form(request, monkeypatch):
    """Each test once with the masked operations' host form (a mask's real
    count known on the host: padding.real_prefix) and once with the masks
    alone, as a traced or recorded step runs them."""
    monkeypatch.setattr(padding, "_host_prefixes", request.param == "host prefixes")


@pytest.fixture(autouse=True)
def padding_on():
    was = shapescript.fixed_shapes(True)
    yield
    shapescript.fixed_shapes(was)


def test_the_fixed_sizes_are_the_documented_ones():
    made = sorted({padding.fixed_size(n) for n in range(1, 553)})
    assert made == SEED_SIZES
    assert len({padding.fixed_size(n) for n in range(1, 513)}) == 24
    for n in range(1, 2000):
        size = padding.fixed_size(n)
        assert size >= n and (size <= 64 or size % 8 == 0)
    with pytest.raises(ValueError, match="an int of at least 0"):
        padding.fixed_size(-1)


def test_a_batch_is_padded_with_copies_of_its_own_examples():
    fields = {"x": torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), "y": torch.tensor([7, 8, 9])}
    padded, mask = padding.pad_examples(fields, 8)
    assert padded["x"].shape == (8, 2) and padded["y"].tolist() == [7, 8, 9, 7, 8, 9, 7, 8]
    assert mask.tolist() == [True] * 3 + [False] * 5
    assert not (padded["x"] == 0).any()  # copies, never zeros


def padded_case(rng, dtype):
    """A value [n F] padded from `real` rows to `n` with copies, and its mask."""
    real, extra, features = rng.randint(1, 9), rng.randint(0, 9), rng.randint(1, 5)
    # From `rng` alone, so a case is the same whatever ran before it.
    x = torch.randn(real, features, dtype=dtype, generator=torch.Generator().manual_seed(rng.randrange(2**31))) * 3
    full, mask = padding.pad_examples({"x": x}, real + extra)
    return x, full["x"], mask


# (name, masked form on a padded value, plain torch on the real rows)
REDUCTIONS = [
    ("mean", lambda x, p: ops.mean(x, None, p, ((1, 0),)), lambda x: x.mean()),
    ("mean over n", lambda x, p: ops.mean(x, 0, p, ((1, 0),)), lambda x: x.mean(0)),
    ("sum", lambda x, p: ops.sum(x, None, p, ((1, 0),)), lambda x: x.sum()),
    ("sum over n", lambda x, p: ops.sum(x, 0, p, ((1, 0),)), lambda x: x.sum(0)),
    ("max over n", lambda x, p: ops.amax(x, 0, p, ((1, 0),)), lambda x: x.amax(0)),
    ("min over n", lambda x, p: ops.amin(x, 0, p, ((1, 0),)), lambda x: x.amin(0)),
    ("softmax over n", lambda x, p: ops.softmax(x, 0, p, ((1, 0),)), lambda x: torch.softmax(x, 0)),
    ("log_softmax over n", lambda x, p: ops.log_softmax(x, 0, p, ((1, 0),)), lambda x: torch.log_softmax(x, 0)),
    ("max", lambda x, p: ops.amax(x, None, p, ((1, 0),)), lambda x: x.amax()),
    ("prod over n", lambda x, p: ops.prod(x, 0, p, ((1, 0),)), lambda x: x.prod(0)),
    ("prod", lambda x, p: ops.prod(x, None, p, ((1, 0),)), lambda x: x.prod()),
    ("logsumexp over n", lambda x, p: ops.logsumexp(x, 0, p, ((1, 0),)), lambda x: x.logsumexp(0)),
    ("logsumexp", lambda x, p: ops.logsumexp(x, None, p, ((1, 0),)), lambda x: x.flatten().logsumexp(0)),
    (
        "rms_norm over n",
        lambda x, p: ops.rms_norm(x, 0, None, 1e-5, p, ((1, 0),)),
        lambda x: x * torch.rsqrt(x.pow(2).mean(0, keepdim=True) + 1e-5),
    ),
    (
        "layer_norm over n",
        lambda x, p: ops.layer_norm(x, 0, None, None, 1e-5, p, ((1, 0),)),
        lambda x: F.layer_norm(x.T, (x.shape[0],), eps=1e-5).T,
    ),
] + [
    (
        "reduce n f -> f, " + r,
        lambda x, p, r=r: ops.reduce(x, "n f -> f", r, p, ((1, 0),)),
        lambda x, r=r: einops.reduce(x, "n f -> f", r),
    )
    for r in ("mean", "sum", "max", "min", "prod")
]


def real_part(out, real, reduced):
    """A result's values at real positions: all of a reduction's, the real rows of one that keeps n."""
    return out if reduced else out[:real]


@pytest.mark.parametrize("name,masked,plain", REDUCTIONS, ids=[r[0] for r in REDUCTIONS])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_a_masked_operation_is_the_plain_one_on_the_real_positions(name, masked, plain, dtype):
    rng = random.Random(name + str(dtype))
    # f32: a sum of up to 45 values of about 3 is off by up to about 1e-5 in any order.
    tolerance = 1e-5 if dtype == torch.float32 else 1e-12
    for _ in range(50):
        x, full, mask = padded_case(rng, dtype)
        got = masked(full, {1: mask})
        want = plain(x)
        keeps_n = got.dim() == full.dim()
        assert torch.allclose(real_part(got, x.shape[0], not keeps_n), want, rtol=tolerance, atol=tolerance), name


@pytest.mark.parametrize("name,masked,plain", REDUCTIONS, ids=[r[0] for r in REDUCTIONS])
def test_padded_positions_get_exactly_zero_gradient_and_nothing_is_infinite(name, masked, plain):
    rng = random.Random("grad " + name)
    for _ in range(30):
        x, full, mask = padded_case(rng, torch.float32)
        full = full.clone().requires_grad_(True)
        # log, exp and -inf masks downstream: what would make a NaN of a zero gradient.
        out = masked(full.abs().log() if name != "sum" else full, {1: mask})
        # (exp of a product of many values would overflow on the real positions too)
        scalar = out.exp() if out.dim() == 0 and not name.startswith("prod") else out
        loss = ops.sum(scalar, None, {1: mask}, ((1, 0),) if out.dim() == 2 else ())
        loss.backward()
        assert torch.isfinite(out).all(), name
        assert torch.isfinite(full.grad).all(), name
        assert (full.grad[~mask] == 0).all(), name


# Operations along another axis of a value whose first axis is padded, as
# the generated code calls them: with the padded dims of the operand.
BESIDE = [
    ("mean over m", lambda x, p: ops.mean(x, 1, p, ((1, 0),))),
    ("sum over m", lambda x, p: ops.sum(x, 1, p, ((1, 0),))),
    ("max over m", lambda x, p: ops.amax(x, 1, p, ((1, 0),))),
    ("min over m", lambda x, p: ops.amin(x, 1, p, ((1, 0),))),
    ("softmax over m", lambda x, p: ops.softmax(x, 1, p, ((1, 0),))),
    ("log_softmax over m", lambda x, p: ops.log_softmax(x, 1, p, ((1, 0),))),
    ("rms_norm over m", lambda x, p: ops.rms_norm(x, 1, None, 1e-5, p, ((1, 0),))),
    ("layer_norm over m", lambda x, p: ops.layer_norm(x, 1, None, None, 1e-5, p, ((1, 0),))),
] + [
    ("reduce n m f -> n f, " + r, lambda x, p, r=r: ops.reduce(x, "n m f -> n f", r, p, ((1, 0),)))
    for r in ("mean", "sum", "max", "min", "prod")
]


@pytest.mark.parametrize(
    "name,masked",
    [(n, m) for n, m, _ in REDUCTIONS if n.split()[0] in ("softmax", "log_softmax", "rms_norm", "layer_norm")] + BESIDE,
    ids=[n for n, _, _ in REDUCTIONS if n.split()[0] in ("softmax", "log_softmax", "rms_norm", "layer_norm")]
    + [b[0] for b in BESIDE],
)
def test_padded_positions_hold_what_their_sources_hold(name, masked):
    """The rule of ops.py: a result that keeps the padded axis holds, at each
    padded position, exactly (bit for bit) what the position it copies holds,
    so never a 0, an infinity or a NaN of the padding's own."""
    rng = random.Random("sources " + name)
    for _ in range(30):
        real, extra = rng.randint(1, 6), rng.randint(1, 6)
        x = torch.randn(real, 3, 2, generator=torch.Generator().manual_seed(rng.randrange(2**31))) * 3
        if name.startswith("reduce") and name.endswith("prod"):
            x = 1 + x.tanh() / 4
        if "over n" in name:
            x = x[:, :, 0]
        full, mask = padding.pad_examples({"x": x}, real + extra)
        out = masked(full["x"], {1: mask})
        sources = torch.arange(real + extra) % real  # pad_examples's copies
        assert torch.isfinite(out).all(), name
        assert torch.equal(out[real:], out[sources[real:]]), name


def test_a_reduce_beside_the_padded_axis_is_the_plain_one_on_every_row():
    """`reduce(b n E -> b E, mean)` in a padded loop: n is not padded, so
    each row's mean is its own, the padded rows' their sources', and none
    divides by a count of 0 (issue 32)."""
    x = torch.rand(3, 4, 2) + 0.5
    full, mask = padding.pad_examples({"x": x}, 8)
    out = ops.reduce(full["x"], "b n e -> b e", "mean", {1: mask}, ((1, 0),))
    assert torch.equal(out, einops.reduce(full["x"], "b n e -> b e", "mean"))
    assert [ops._reduced_dims(p, 3) for p in ("b n e -> b e", "b n e -> e", "b ... -> b", "(b n) e -> e")] == [
        [1],
        [0, 1],
        [1, 2],
        [0],
    ]
    assert ops._reduced_dims("b ... e -> ... e", 4) == [0]


@pytest.mark.parametrize("dtype", [torch.bool, torch.int64, torch.int32, torch.uint8])
def test_max_and_min_of_masks_and_integers_pad_with_their_own_identity(dtype):
    """A padded Mask's max (an `any` over the batch) pads with False, an
    integer's with its least: never -inf, which is True as a bool and no
    integer at all."""
    rng = random.Random("extremes " + str(dtype))
    for _ in range(30):
        real, extra = rng.randint(1, 6), rng.randint(1, 6)
        values = torch.randint(
            0,
            2 if dtype == torch.bool else 100,
            (real, 3),
            generator=torch.Generator().manual_seed(rng.randrange(2**31)),
        )
        x = values.to(dtype)
        full, mask = padding.pad_examples({"x": x}, real + extra)
        p = {1: mask}
        assert torch.equal(ops.amax(full["x"], 0, p, ((1, 0),)), x.amax(0))
        assert torch.equal(ops.amin(full["x"], 0, p, ((1, 0),)), x.amin(0))
        assert torch.equal(ops.amax(full["x"], None, p, ((1, 0),)), x.amax())
        assert torch.equal(ops.reduce(full["x"], "n f -> f", "max", p, ((1, 0),)), x.amax(0))
        assert torch.equal(ops.reduce(full["x"], "n f -> f", "min", p, ((1, 0),)), x.amin(0))
    # The case the reviewer found: no real row is True, the padded ones copy a True one.
    x = torch.tensor([[False], [False], [True]])
    assert not ops.amax(x, 0, {1: torch.tensor([True, True, False])}, ((1, 0),)).item()


def test_cross_entropy_is_the_mean_over_the_real_examples():
    rng = random.Random(3)
    for _ in range(30):
        real, extra, classes = rng.randint(1, 9), rng.randint(0, 9), rng.randint(2, 6)
        z = torch.randn(real, classes)
        y = torch.randint(0, classes, (real,))
        full, mask = padding.pad_examples({"z": z, "y": y}, real + extra)
        zz = full["z"].clone().requires_grad_(True)
        got = ops.cross_entropy(zz, full["y"], 1, {4: mask}, ((4, 0),))
        assert torch.allclose(got, F.cross_entropy(z, y), rtol=1e-6, atol=1e-6)
        got.backward()
        assert (zz.grad[~mask] == 0).all() and torch.isfinite(zz.grad).all()
        # classes first: the examples' axis is where `padded` says
        got_t = ops.cross_entropy(full["z"].t().contiguous(), full["y"], 0, {4: mask}, ((4, 1),))
        assert torch.allclose(got_t, F.cross_entropy(z, y), rtol=1e-6, atol=1e-6)


def test_without_masks_or_with_fixed_shapes_off_the_operations_are_the_plain_ones():
    x = torch.randn(6, 3)
    mask = torch.tensor([True, True, True, False, False, False])
    assert torch.equal(ops.mean(x, 0), torch.mean(x, 0))
    assert torch.equal(ops.mean(x, 0, {}, ((1, 0),)), torch.mean(x, 0))  # no mask for pad 1
    assert torch.equal(ops.mean(x, 1, {1: mask}, ((1, 0),)), torch.mean(x, 1))  # dim 1 isn't padded
    assert shapescript.fixed_shapes(False) is True
    assert torch.equal(ops.mean(x, 0, {1: mask}, ((1, 0),)), torch.mean(x, 0))
    assert torch.equal(ops.softmax(x, 0, {1: mask}, ((1, 0),)), torch.softmax(x, 0))
    assert shapescript.fixed_shapes(True) is False


# Seeded faults: each check above must be able to fail. The same checks
# against a broken masking say so.
def zero_padding(fields, size):
    real = next(iter(fields.values())).shape[0]
    padded = {k: torch.cat([v, torch.zeros((size - real,) + v.shape[1:], dtype=v.dtype)]) for k, v in fields.items()}
    return padded, torch.arange(size) < real


def test_seeded_fault_padding_with_zeros_makes_a_nan():
    x = torch.rand(3, 2) + 0.5
    full, mask = zero_padding({"x": x}, 5)
    leaf = full["x"].clone().requires_grad_(True)
    # log of a padded zero is -inf; masking it by multiplication makes NaN.
    (leaf.log() * mask[:, None]).sum().backward()
    assert not torch.isfinite(leaf.grad).all()
    # Copies keep it finite.
    good, mask = padding.pad_examples({"x": x}, 5)
    leaf = good["x"].clone().requires_grad_(True)
    ops.sum(leaf.log(), None, {1: mask}, ((1, 0),)).backward()
    assert torch.isfinite(leaf.grad).all() and (leaf.grad[~mask] == 0).all()


def test_seeded_fault_dividing_by_the_padded_count_is_not_exact():
    x = torch.randn(3, 2)
    full, mask = padding.pad_examples({"x": x}, 8)
    wrong = torch.where(mask[:, None], full["x"], torch.zeros(())).sum(0) / full["x"].shape[0]
    assert not torch.allclose(wrong, x.mean(0), rtol=1e-6, atol=1e-6)
    assert torch.allclose(ops.mean(full["x"], 0, {1: mask}, ((1, 0),)), x.mean(0), rtol=1e-6, atol=1e-6)


def test_a_padded_loop_pads_its_last_batch_and_counts_one_shape(quiet_log):
    ds = rt.Dataset({"x": torch.arange(30.0).reshape(10, 3)}, None)
    shapes = []
    for batch in rt.batch_loop(rt.batches(ds, 4), True, "padding.ss:1"):
        shapes.append(tuple(batch.x.shape))
        assert batch.pad_mask is not None
    assert shapes == [(4, 3)] * 3
    assert batch.pad_mask.tolist() == [True, True, False, False]
    assert batch.x[2:].tolist() == batch.x[:2].tolist()  # copies of the batch's own examples
    assert shapescript.shapes_seen()["padding.ss:1"] == [((4, 3),)]
    # Off, or unpadded: the last batch is smaller, and two shapes are seen.
    shapescript.fixed_shapes(False)
    for batch in rt.batch_loop(rt.batches(ds, 4), True, "padding.ss:2"):
        assert batch.pad_mask is None
    assert shapescript.shapes_seen()["padding.ss:2"] == [((2, 3),), ((4, 3),)]


def test_give_back_compacts_for_a_caller_that_doesnt_keep_and_keeps_for_one_that_does():
    keep = torch.tensor([True, False, True, False])
    x = torch.arange(12.0).reshape(3, 4)  # kept along its last dim
    y = torch.arange(4.0)
    places = ((7, None, -1),)
    assert torch.equal(padding.give_back(x, False, {7: keep}, places), x[:, keep])
    pair = padding.give_back((y, x), False, {7: keep}, ((7, 0, 0), (7, 1, 1)))
    assert torch.equal(pair[0], y[keep]) and torch.equal(pair[1], x[:, keep])
    kept = padding.give_back(x, True, {7: keep}, places)
    assert kept.value is x
    pads = {}
    assert padding.kept_result(kept, pads, ((3, None, -1),)) is x
    assert pads[3] is keep
    # With fixed shapes off the selection was compacted where it was made:
    # no mask, nothing to compact, and the caller gets no mask either.
    assert padding.give_back(y, False, {}, ((7, None, 0),)) is y
    pads = {}
    padding.kept_result(padding.give_back(y, True, {}, ((7, None, 0),)), pads, ((3, None, 0),))
    assert pads == {3: None}


@pytest.mark.parametrize("name", ["softmax", "log_softmax", "mean", "sum"])
def test_a_real_count_known_on_the_host_gives_the_unpadded_result_bit_for_bit(name, monkeypatch):
    """A padded loop's or padded(f)'s masks are their first k positions, k
    known on the host (padding.real_prefix): then the masked operation is
    torch's own on those k, so the real positions hold exactly what the
    unpadded program computes, and the padded ones their sources'."""
    monkeypatch.setattr(padding, "_host_prefixes", True)
    op = {"softmax": ops.softmax, "log_softmax": ops.log_softmax, "mean": ops.mean, "sum": ops.sum}[name]
    plain = {"softmax": torch.softmax, "log_softmax": torch.log_softmax, "mean": torch.mean, "sum": torch.sum}[name]
    for real, size in ((3, 4), (5, 12), (29, 64)):
        x = torch.randn(real, 7, generator=torch.Generator().manual_seed(real))
        full, mask = padding.pad_examples({"x": x}, size)
        out = op(full["x"], 0, {1: mask}, ((1, 0),))
        want = plain(x, 0)
        if name in ("softmax", "log_softmax"):
            assert torch.equal(out[:real], want)
            assert torch.equal(out[real:], out[torch.arange(real, size) % real])
        else:
            assert torch.equal(out, want)


def test_a_mask_changed_in_place_is_read_as_a_mask(monkeypatch):
    """A mask filled anew in place (as a recorded step's inputs are) no
    longer has the real count it was made with: the operations read it."""
    monkeypatch.setattr(padding, "_host_prefixes", True)
    mask = padding.first_positions(3, 5, None)
    x = torch.arange(5.0)
    assert padding.real_prefix(x, {1: mask}, ((1, 0),), 0) == 3
    mask[3] = True
    assert padding.real_prefix(x, {1: mask}, ((1, 0),), 0) is None
    assert ops.mean(x, 0, {1: mask}, ((1, 0),)).item() == 1.5  # (0 + 1 + 2 + 3) / 4
    assert padding.first_positions(3, 5, None).sum().item() == 3  # made again, not the changed one


def test_first_positions_are_made_once_per_size_and_device():
    mask = padding.first_positions(3, 5, torch.device("cpu"))
    assert padding.first_positions(3, 5, "cpu") is mask  # a device by name is the same device
    assert padding.first_positions(3, 5, torch.device("cpu")) is mask
    assert padding.first_positions(3, 5, None) is not mask  # torch's default, whatever it is then
    assert padding.first_positions(4, 5, "cpu").tolist() == [True] * 4 + [False]
    assert mask.tolist() == [True] * 3 + [False] * 2
