"""Constructors in a body (docs/types.md, "Constructors"): `zeros([b H])`,
`full`, `eye` give what torch gives, with each size read off the values
that give it; the draws (`rand`, `randn`, `randint`, `*_like`, `sample`)
are seeded by the mode and the draw's path, as dropout is, and give their
distribution's centre in Eval; `Sample(seed=...)` draws with dropout off."""

import subprocess

import pytest
import torch

import shapescript.rt as _ss_rt
from padded_training import assert_loss_trains_padded_as_plain

PROGRAM = """
dim D = 4
dim V = 5

fn made(x: [b n D]) -> ([b n D], [n n], [b D] i64, [n] Mask, [b n D]):
    return zeros([b n D]) + ones([b n D]), eye([n n]), full([b D], 7), full([n], true), full([b n D] f32, 7)

fn drawn(x: [b n D], mode: Mode) -> ([b n D], [b n D], [b n] i64, [b n] Index[V], [b n D]):
    ints = randint([b n], 3, 9, mode)
    return rand([b n D], mode), randn([b n D], mode), ints, randint([b n] Index[V], mode), randn_like(x, mode)

fn two_sites(x: [n], mode: Mode) -> [n]:
    return randn([n], mode) - randn([n], mode)

fn looped(x: [n], mode: Mode) -> [n]:
    acc = zeros([n])
    for i in 0..2:
        acc = acc + randn([n], mode) * (2.0 * i - 1.0)
    return acc

fn drawn_and_dropped(x: [n], mode: Mode) -> ([n], [n]):
    return randn([n], mode), dropout(x, 0.5, mode)

fn chosen(z: [b V] Logit over V, mode: Mode) -> [b] Index[V]:
    return sample(z, mode)
"""


def test_made_tensors_are_torchs(build):
    module = build(PROGRAM)
    summed, eye, sevens, trues, float_sevens = module.made(torch.randn(2, 3, 4))
    assert torch.equal(summed, torch.ones(2, 3, 4))
    assert torch.equal(eye, torch.eye(3))
    assert sevens.dtype == torch.int64 and torch.equal(sevens, torch.full((2, 4), 7))
    assert trues.dtype == torch.bool and bool(trues.all()) and trues.shape == (3,)
    assert float_sevens.dtype == torch.float32 and torch.equal(float_sevens, torch.full((2, 3, 4), 7.0))


def test_draws_have_their_distributions_and_eval_their_centres(build):
    module = build(PROGRAM)
    x = torch.zeros(64, 32, 4)
    uniform, normal, ints, indices, like = module.drawn(x, _ss_rt.Train(seed=0))
    assert uniform.min() >= 0 and uniform.max() < 1 and abs(uniform.mean() - 0.5) < 0.01
    assert abs(normal.mean()) < 0.02 and abs(normal.std() - 1) < 0.02
    assert ints.dtype == torch.int64 and set(ints.unique().tolist()) == set(range(3, 9))
    assert set(indices.unique().tolist()) == set(range(5))
    assert like.shape == x.shape and abs(like.std() - 1) < 0.02 and not torch.equal(like, normal)
    uniform, normal, ints, indices, like = module.drawn(x, _ss_rt.Eval)
    assert torch.equal(uniform, torch.full_like(uniform, 0.5)) and torch.equal(normal, torch.zeros_like(normal))
    assert torch.equal(ints, torch.full_like(ints, 5)) and torch.equal(indices, torch.full_like(indices, 2))
    assert torch.equal(like, torch.zeros_like(like))


def test_a_draw_is_seeded_by_the_mode_and_its_path(build):
    module = build(PROGRAM)
    x = torch.zeros(256)
    assert torch.equal(module.looped(x, _ss_rt.Train(seed=3)), module.looped(x, _ss_rt.Train(seed=3)))
    assert not torch.equal(module.looped(x, _ss_rt.Train(seed=3)), module.looped(x, _ss_rt.Train(seed=4)))
    # Two call sites, and two iterations of a loop, draw differently.
    assert module.two_sites(x, _ss_rt.Train(seed=0)).abs().min() > 0
    assert module.looped(x, _ss_rt.Train(seed=0)).abs().min() > 0
    # A step counted draws anew (modes.step), as dropout's masks do.
    mode = _ss_rt.Train(seed=0)
    first = module.looped(x, mode)
    with _ss_rt.step(mode):
        pass
    assert not torch.equal(first, module.looped(x, mode))


def test_sample_mode_draws_with_dropout_off(build):
    module = build(PROGRAM)
    x = torch.ones(256)
    noise, dropped = module.drawn_and_dropped(x, _ss_rt.Sample(seed=1))
    trained_noise, trained_dropped = module.drawn_and_dropped(x, _ss_rt.Train(seed=1))
    assert torch.equal(dropped, x) and not torch.equal(trained_dropped, x)
    assert torch.equal(noise, trained_noise)  # seeded as Train is


def test_sample_draws_softmax_probabilities(build):
    module = build(PROGRAM)
    logits = torch.tensor([2.0, 0.5, 0.0, -1.0, 1.0])
    z = logits.expand(40000, 5).contiguous()
    drawn = module.chosen(z, _ss_rt.Sample(seed=0))
    frequencies = torch.bincount(drawn, minlength=5).float() / len(drawn)
    torch.testing.assert_close(frequencies, torch.softmax(logits, 0), atol=0.01, rtol=0)
    assert torch.equal(module.chosen(z, _ss_rt.Eval), torch.zeros(40000, dtype=torch.int64))


@pytest.mark.parametrize(
    "written, found",
    [("zeros([b k])", "found `k`"), ("randn([b D])", "`mode` after the type"), ("zeros(x)", "a tensor type first")],
)
def test_a_constructor_without_known_sizes_or_arguments_is_refused(build, tmp_path, written, found):
    from conftest import run_build

    path = tmp_path / "bad.ss"
    path.write_text("dim D = 4\n\nfn f(x: [b D]) -> [b D]:\n    return x + %s\n" % written)
    result = run_build([path, "-o", tmp_path / "bad.py"])
    assert result.returncode != 0 and "E0513" in result.stderr and found in result.stderr


# A loss that makes what it adds in the body, on batches whose last one is
# padded: the padded program trains as the unpadded one.
MADE_IN_A_STEP = """\
    h = batch.x @ m.w + zeros([b C]) + randn([b C], Eval) * ones([b C])
    bias = full([b C], 0.25) * sum(eye([C F]))
    return cross_entropy(h + bias, batch.y) + mean(zeros_like(h) + ones([b])) + sum(h * ones([b C])) / 100.0"""


def test_made_tensors_pad_as_the_values_they_are_made_beside(build):
    assert_loss_trains_padded_as_plain(build, MADE_IN_A_STEP)


EXPORTED = """
dim D = 8
dim V = 5

model Head:
    w: [D V] = normal(0.1)

export fn scores(m: Head, x: [b n D]) -> [b n V]:
    h = x + zeros([b n D]) + randn([b n D], Eval) + ones_like(x) * full([b n D], 0.5)
    return h @ (m.w + eye([D V]))
"""


def test_an_exported_function_makes_its_tensors_at_the_sizes_it_is_given(build, tmp_path):
    from conftest import compiler

    module = build(EXPORTED)
    source = tmp_path / "exported.ss"
    source.write_text(EXPORTED)
    result = subprocess.run(
        [str(compiler()), "export", str(source), "-o", str(tmp_path / "scores.pt2")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    program = torch.export.load(str(tmp_path / "scores.pt2")).module()
    m = module.Head.init(seed=0)
    for shape in [(2, 3, 8), (4, 7, 8)]:  # sizes other than the example's
        x = torch.randn(shape)
        want = (x + 0.5) @ (m.w + torch.eye(8, 5))
        torch.testing.assert_close(module.scores(m, x), want)
        torch.testing.assert_close(program(x), want)  # the model made with --seed 0, inside
