"""Padding in built programs (docs/padding.md): a loop whose last batch the
checker finds exact is `batch_loop(…, True, where)`, its masks reach every
function its batch axis reaches, and every masked operation gives what the
unpadded program gives. Each whole program here is trained or run with
padding on and off (`shapescript.fixed_shapes`) on data whose length isn't
a multiple of the batch size, and the two are compared."""

import re

import pytest
import torch

import shapescript
import shapescript.padding
from conftest import EXAMPLES
from padded_training import assert_padded_trains_as_plain, examples, masked_form, trained

pytestmark = pytest.mark.usefixtures(masked_form.__name__)

# Every masked operation across the batch axis `b`, summed into a loss, so
# training compares their values and their gradients: reductions over `b`
# and of the whole value, softmax and log_softmax, the norms over `b`,
# reduce patterns, and cross_entropy's mean over the examples; and through
# a variadic group of a function that only does elementwise maths.
EVERY_MASKED = """
dim F = 4
dim C = 3

data Ex:
    x: [F]
    y: Index[C]

model Lin:
    w: [F C] = normal(0.3)

fn across(h: [b C]) -> [C]:
    s = sum(h, over=b) + mean(h, over=b) + max(h, over=b) + min(h, over=b)
    s = s + logsumexp(h, over=b) + prod(1.0 + 0.1 * tanh(h), over=b)
    s = s + sum(softmax(h, over=b) * h, over=b) + mean(log_softmax(h, over=b), over=b)
    s = s + mean(rms_norm(h, over=b) * h, over=b) + mean(layer_norm(h, over=b) * h, over=b)
    s = s + (h |> reduce(b C -> C, mean)) + (h |> reduce(b C -> C, sum)) + (h |> reduce(b C -> C, max))
    return s + (h |> reduce(b C -> C, min)) + (h |> reduce(b C -> C, prod))

fn act(x: [..s]) -> [..s]:
    return gelu(x) * 0.5 + x

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
    h = act(batch.x @ m.w)
    return cross_entropy(h, batch.y) + mean(across(h)) / 100.0 + mean(h) + logsumexp(h) / 10.0

fn step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch)
    update(m, opt, grads)
    return l

fn accuracy(m: Lin, batch: Batch[Ex]) -> [] f32:
    return mean(argmax(batch.x @ m.w, over=C) == batch.y)

fn train(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex], epochs: int):
    for epoch in 0..epochs:
        for batch in data |> batches(8):
            log(loss=step(m, opt, batch), accuracy=accuracy(m, batch))
"""


# The line of EVERY_MASKED's loop over batches: where shapes_seen counts it.
LOOP_LINE = EVERY_MASKED.splitlines().index("        for batch in data |> batches(8):") + 1


def built(build, source):
    return build(source, "--checks", "always", "--value-checks", "always")


def source_of(module):
    return open(module.__file__).read()


def test_every_masked_operation_trains_as_unpadded(build):
    assert_padded_trains_as_plain(built(build, EVERY_MASKED), ":%d" % LOOP_LINE)


def test_the_generated_code_shows_what_padding_rewrote(build):
    text = source_of(built(build, EVERY_MASKED))
    loop = re.search(
        r"for batch in _ss_rt\.batch_loop\(.*, True, \"[^\"]+:%d\"\):\n\s+_ss_pads\[(\d+)\] = batch\.pad_mask"
        % LOOP_LINE,
        text,
    )
    assert loop, text
    # The loop's masks go to the step, the step's to its loss through value_and_grad.
    assert re.search(r"step\(m, opt, batch, _ss_pad=\{\d+: _ss_pads\.get\(" + loop.group(1) + r"\)\}\)", text)
    assert re.search(r"_ss_rt\.value_and_grad\(loss, m, batch, _ss_pad=\{\d+: _ss_pads\.get\(\d+\)\}\)", text)
    assert "def loss(m, batch, _ss_pad=None):" in text and "_ss_pads = dict(_ss_pad or {})" in text
    # Masked operations name their padded dims; an operation along C doesn't.
    for form in (
        "sum",
        "mean",
        "amax",
        "amin",
        "logsumexp",
        "prod",
        "softmax",
        "log_softmax",
        "rms_norm",
        "layer_norm",
        "reduce",
    ):
        assert re.search(r"_ss_rt\." + form + r"\(.*_ss_pads, \(\(\d+, 0\),\)", text), form
    assert re.search(r"_ss_rt\.cross_entropy\(.*, -?\d, _ss_pads, \(\(\d+, 0\),\)\)", text)
    assert "torch.argmax(" in text  # along C: the plain operation


UNPADDED = """
dim F = 4

data Ex:
    x: [F]

fn ranked(x: [b F]) -> [] f32:
    return mean(sort(x, over=b))

fn plain(x: [b F]) -> [] f32:
    return mean(x)

fn run(data: Dataset[Ex]):
    for batch in data |> batches(8):
        log(r=ranked(batch.x))
    for batch in data |> batches(8):
        log(p=plain(batch.x))
"""


def test_a_loop_that_cant_be_padded_runs_as_written(build):
    module = built(build, UNPADDED)
    text = source_of(module)
    loops = re.findall(r"_ss_rt\.batch_loop\(.*, (True|False), ", text)
    assert loops == ["False", "True"]
    assert "_ss_rt.mean(x, None, _ss_pads" in text  # plain's mean, reached from the padded loop
    assert "ranked(batch.x)" in text  # no masks passed from the unpadded loop
    shapescript.shapes_seen(reset=True)
    module.run({"x": examples(21)["x"]})
    seen = shapescript.shapes_seen()
    assert sorted(len(shapes) for shapes in seen.values()) == [1, 2]


def test_no_padding_builds_the_program_as_written(build):
    text = source_of(build(EVERY_MASKED, "--no-padding"))
    assert "_ss_pads" not in text and "_ss_pad=" not in text
    assert re.findall(r"_ss_rt\.batch_loop\(.*, (True|False), ", text) == ["False"]


def test_a_function_reached_by_a_padded_and_an_unpadded_loop_is_plain_from_the_second(build):
    module = built(
        build,
        UNPADDED
        + """
fn both(data: Dataset[Ex]) -> [] f32:
    total = 0.0
    for batch in data |> batches(8):
        total = total + plain(batch.x) + ranked(batch.x)
    return total
""",
    )
    x = examples(21)["x"]
    got = module.both({"x": x})
    want = sum(x[i : i + 8].mean() + x[i : i + 8].sort(0).values.mean() for i in range(0, 21, 8))
    torch.testing.assert_close(got, want)


def test_the_readme_example_trains_as_unpadded(build, tmp_path, monkeypatch):
    """digits.ss for two epochs with padding on and off: the same parameters
    up to the order of additions (on the CPU, dropout draws the real
    examples' masks first, so they are the same), one shape per epoch
    against two."""
    module = build(EXAMPLES / "digits.ss")
    results = {}
    for padded in (True, False):
        monkeypatch.chdir(tmp_path)
        shapescript.shapes_seen(reset=True)
        was = shapescript.fixed_shapes(padded)
        try:
            module.main(epochs=2)
        finally:
            shapescript.fixed_shapes(was)
        from safetensors.torch import load_file

        results[padded] = (load_file(str(tmp_path / "digits.safetensors")), shapescript.shapes_seen())
    (on, seen_on), (off, seen_off) = results[True], results[False]
    assert sorted(on) == sorted(off) and "0/w1" in on  # the model's parameters, then its optimizer's state
    for name in on:
        torch.testing.assert_close(on[name], off[name], rtol=1e-4, atol=1e-6)
    train_loop = [k for k in seen_on if len(seen_off[k]) == 2]
    assert len(train_loop) == 1
    assert len(seen_on[train_loop[0]]) == 1


def test_a_padded_loop_over_a_batch_size_the_data_divides_is_unchanged(build):
    module = built(build, EVERY_MASKED)
    data = examples(16)
    padded, seen = trained(module, data, True, epochs=1)
    plain, _ = trained(module, data, False, epochs=1)
    for name, value in padded.named_parameters():
        torch.testing.assert_close(value, getattr(plain, name), rtol=1e-6, atol=1e-7)
    assert list(seen.values()) == [[((8, 4), (8,))]]


# shapescript.padded (FAST-3): a function's generic axes, padded per call.
PADDABLE = """
dim D = 4

fn pool(x: [n D]) -> [D]:
    return mean(x, over=n)

fn scores(q: [n D], k: [m D]) -> [n m]:
    return softmax(einsum(q, k: n D, m D -> n m), over=m)

fn ranked(x: [n D]) -> [n D]:
    return sort(x, over=n) + x

fn split_pool(x: [n D]) -> ([D], [n D]):
    return (logsumexp(x, over=n), layer_norm(x, over=n))
"""


def test_padded_pool_over_lengths_1_to_512_makes_24_shapes_and_the_same_results(build):
    module = built(build, PADDABLE)
    pool = shapescript.padded(module.pool)
    shapescript.shapes_seen(reset=True)
    g = torch.Generator().manual_seed(0)
    for n in range(1, 513):
        x = torch.randn(n, 4, generator=g)
        torch.testing.assert_close(pool(x), module.pool(x), rtol=1e-5, atol=1e-6)
    assert len(shapescript.shapes_seen()["pool"]) == 24
    assert [shape[0][0] for shape in shapescript.shapes_seen()["pool"]] == sorted(
        {shapescript.padding.fixed_size(n) for n in range(1, 513)}
    )


def test_padded_compiled_makes_one_graph_per_fixed_size(build):
    """torch.compile(dynamic=False) of a padded function: lengths 13 to 15
    all pad to 15, one graph. The masked operations' host form must not be
    traced (a real count read under tracing makes a graph per length)."""
    import torch._dynamo

    module = built(build, PADDABLE)
    graphs = []

    def counting(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    try:
        compiled = torch.compile(module.scores, backend=counting, dynamic=False)
        compiled._ss_padding = module.scores._ss_padding
        fast = shapescript.padded(compiled)
        g = torch.Generator().manual_seed(0)
        for n in (13, 14, 15):
            q, k = torch.randn(n, 4, generator=g), torch.randn(n, 4, generator=g)
            torch.testing.assert_close(fast(q, k), module.scores(q, k), rtol=1e-5, atol=1e-6)
    finally:
        torch._dynamo.reset()
    assert len(graphs) == 1


def test_padded_cuts_results_back_and_pads_every_axis_it_can(build):
    module = built(build, PADDABLE)
    scores = shapescript.padded(module.scores)
    for n, m in ((1, 1), (6, 11), (13, 70)):
        q, k = torch.randn(n, 4), torch.randn(m, 4)
        got = scores(q, k=k)  # a keyword argument is padded too
        assert got.shape == (n, m)
        torch.testing.assert_close(got, module.scores(q, k), rtol=1e-6, atol=1e-7)
    only_m = shapescript.padded(module.scores, "m")
    torch.testing.assert_close(only_m(torch.randn(3, 4), torch.randn(10, 4)).sum(1), torch.ones(3))
    both = shapescript.padded(module.split_pool)
    x = torch.randn(10, 4, requires_grad=True)
    lse, normed = both(x)
    want_lse, want_normed = module.split_pool(x)
    torch.testing.assert_close(lse, want_lse)
    torch.testing.assert_close(normed, want_normed, rtol=1e-5, atol=1e-6)
    (lse.sum() + normed.pow(2).sum()).backward()  # the gradient reaches the real positions only
    assert torch.isfinite(x.grad).all() and x.grad.shape == (10, 4)


def test_padded_names_what_prevents_an_axis(build):
    module = built(build, PADDABLE)
    with pytest.raises(ValueError, match=r"`n` of ranked\(\) can't be padded: `sort` in `ranked`"):
        shapescript.padded(module.ranked, "n")
    with pytest.raises(ValueError, match=r"has no generic axis `k`"):
        shapescript.padded(module.pool, "k")
    ranked = shapescript.padded(module.ranked)  # nothing it can pad: the plain function
    x = torch.randn(5, 4)
    torch.testing.assert_close(ranked(x), module.ranked(x))
    with pytest.raises(TypeError):
        shapescript.padded(len)


def test_padded_with_fixed_shapes_off_is_the_plain_call(build):
    module = built(build, PADDABLE)
    pool = shapescript.padded(module.pool)
    shapescript.shapes_seen(reset=True)
    was = shapescript.fixed_shapes(False)
    try:
        x = torch.randn(6, 4)
        torch.testing.assert_close(pool(x), module.pool(x))
    finally:
        shapescript.fixed_shapes(was)
    assert "pool" not in shapescript.shapes_seen()


# Selections kept padded (FAST-4): at the mask's size, the mask their padding.
SELECTIONS = """
dim D = 4

fn positive_stats(x: [n D]) -> [] f32:
    keep = sum(x, over=D) > 0.0
    rows = x[keep] |> gelu
    return mean(rows) + sum(rows) / 10.0 + mean(softmax(rows, over=D) * rows) + max(rows)

fn nonempty_rows(x: [n D]) -> [?k D]:
    keep = sum(x, over=D) > 0.0
    return x[keep]

fn through_nonempty(x: [n D]) -> [] f32:
    return mean(nonempty_rows(x))

fn sorted_nonempty(x: [n D]) -> [?k D]:
    return sort(nonempty_rows(x), over=D)

fn first_nonempty(x: [n D]) -> [D]:
    return nonempty_rows(x)[0]

fn flat_nonempty(x: [n D]) -> [?m]:
    return nonempty_rows(x) |> rearrange(k D -> (k D))

fn passed_on(x: [n D]) -> [?j D]:
    return gelu(nonempty_rows(x))

fn stats_and_rows(x: [n D]) -> ([] f32, [?k D]):
    rows = passed_on(x)
    return mean(rows), rows * 2.0

fn through_both(x: [n D]) -> [] f32:
    total, rows = stats_and_rows(x)
    return total + sum(rows, over=D) |> mean
"""


def by_hand(x):
    rows = torch.nn.functional.gelu(x[x.sum(1) > 0])
    return rows.mean() + rows.sum() / 10.0 + (torch.softmax(rows, 1) * rows).mean() + rows.max()


def test_a_kept_selection_computes_what_the_compact_one_does(build):
    module = built(build, SELECTIONS)
    text = source_of(module)
    assert "_ss_rt.keep_selected(x, keep, 0, _ss_pads, " in text
    g = torch.Generator().manual_seed(0)
    for n in (1, 2, 7, 30):
        x = torch.randn(n, 4, generator=g)
        if not (x.sum(1) > 0).any():
            x[0] = x[0].abs()
        leaf = x.clone().requires_grad_(True)
        got = module.positive_stats(leaf)
        torch.testing.assert_close(got, by_hand(x), rtol=1e-5, atol=1e-6)
        got.backward()
        assert torch.isfinite(leaf.grad).all()
        assert (leaf.grad[~(x.sum(1) > 0)] == 0).all()  # the unselected rows get exactly nothing
        was = shapescript.fixed_shapes(False)
        try:
            torch.testing.assert_close(module.positive_stats(x), by_hand(x), rtol=1e-5, atol=1e-6)
        finally:
            shapescript.fixed_shapes(was)
        assert module.nonempty_rows(x).shape[0] == int((x.sum(1) > 0).sum())
        torch.testing.assert_close(module.through_nonempty(x), x[x.sum(1) > 0].mean())


def test_a_returned_selection_comes_back_kept_to_a_caller_that_can_keep_it(build):
    module = built(build, SELECTIONS)
    text = source_of(module)
    # nonempty_rows keeps its selection and gives it back as its caller asks.
    assert re.search(r"def nonempty_rows\(x, _ss_keep=False\):", text)
    assert re.search(r"return _ss_rt\.give_back\(_ss_result, _ss_keep, _ss_pads, \(\(\d+, None, 0\),\)\)", text)
    # mean can be masked, and so is sort along D, row by row: those callers
    # keep it (sorted_nonempty giving it back on); indexing it or grouping
    # it with D in a pattern can't be, so those callers get it compacted.
    assert re.search(r"_ss_rt\.kept_result\(nonempty_rows\(x, _ss_keep=True\), _ss_pads, \(\(\d+, None, 0\),\)\)", text)

    def body(f):
        return text.split("def " + f + "(")[1].split("\ndef ")[0]

    assert "kept_result(nonempty_rows(x, _ss_keep=True)" in body("sorted_nonempty")
    assert "give_back(" in body("sorted_nonempty")
    assert "nonempty_rows(x)" in body("first_nonempty") and "_ss_keep" not in body("first_nonempty")
    assert "nonempty_rows(x)" in body("flat_nonempty") and "_ss_keep" not in body("flat_nonempty")
    # Passed on through two functions and a tuple.
    assert "kept_result(passed_on(x, _ss_keep=True)" in body("stats_and_rows")
    assert re.search(r"give_back\(_ss_result, _ss_keep, _ss_pads, \(\(\d+, 1, 0\),\)\)", body("stats_and_rows"))
    assert "kept_result(stats_and_rows(x, _ss_keep=True)" in body("through_both")
    g = torch.Generator().manual_seed(1)
    for n in (1, 2, 5, 30):
        x = torch.randn(n, 4, generator=g)
        if not (x.sum(1) > 0).any():
            x[0] = x[0].abs()
        rows = x[x.sum(1) > 0]
        for padded in (True, False):
            was = shapescript.fixed_shapes(padded)
            try:
                # Python always gets the compact value.
                assert torch.equal(module.nonempty_rows(x), rows)
                assert torch.equal(module.sorted_nonempty(x), rows.sort(1).values)
                assert torch.equal(module.first_nonempty(x), rows[0])
                assert torch.equal(module.flat_nonempty(x), rows.reshape(-1))
                total, doubled = module.stats_and_rows(x)
                torch.testing.assert_close(total, torch.nn.functional.gelu(rows).mean())
                assert torch.equal(doubled, torch.nn.functional.gelu(rows) * 2.0)
                torch.testing.assert_close(module.through_nonempty(x), rows.mean())
                leaf = x.clone().requires_grad_(True)
                got = module.through_both(leaf)
                hand = torch.nn.functional.gelu(rows)
                torch.testing.assert_close(got, hand.mean() + (hand * 2.0).sum(1).mean(), rtol=1e-5, atol=1e-6)
                got.backward()
                assert torch.isfinite(leaf.grad).all()
                assert (leaf.grad[~(x.sum(1) > 0)] == 0).all()
            finally:
                shapescript.fixed_shapes(was)


def test_an_axis_named_like_a_generated_local_keeps_its_own_variable(build):
    # `pads` as a number is `_ss_ax_pads`; as `_ss_pads` it was overwritten
    # by the masks' dict, and `x * pads` read the masks.
    source = EVERY_MASKED.replace(
        "fn act(x: [..s]) -> [..s]:\n    return gelu(x) * 0.5 + x",
        "fn act(x: [b pads]) -> [b pads]:\n    return gelu(x) * 0.5 + x * pads + sum(x, over=b) / 10.0",
    )
    assert "x * pads" in source
    module = built(build, source)
    data = examples(21)
    padded, _ = trained(module, data, True)
    plain, _ = trained(module, data, False)
    for name, value in padded.named_parameters():
        torch.testing.assert_close(value, getattr(plain, name), rtol=1e-5, atol=1e-6)


# Padding's edges (issue 32): what the unpadded program raises, it raises.
EDGES = """
dim D = 4

fn joined(x: [n D], y: [n D]) -> [D]:
    return mean(x + y, over=n)

fn biggest(x: [n D]) -> [] f32:
    keep = sum(x, over=D) > 100.0
    return max(x[keep])

fn smallest(x: [n D]) -> [] f32:
    keep = sum(x, over=D) > 100.0
    return min(gelu(x[keep]))

fn where_biggest(x: [n D]) -> [?k] Index[D]:
    keep = sum(x, over=D) > 100.0
    return argmax(x[keep], over=D)
"""


def raised(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 (the test compares whatever it is)
        return type(e), str(e)
    return None


def test_padded_f_of_arguments_that_disagree_raises_what_f_raises(build):
    module = built(build, EDGES)
    joined = shapescript.padded(module.joined)
    x, y = torch.randn(6, 4), torch.randn(8, 4)  # 6 pads to 7: both would be made 7 rows
    want = raised(lambda: module.joined(x, y))
    assert want is not None and "expected 6" in want[1]
    assert raised(lambda: joined(x, y)) == want  # not cut to 7 rows and computed


def test_max_min_and_argmax_of_an_empty_selection_raise_as_unpadded(build):
    module = built(build, EDGES)
    text = source_of(module)
    assert "_ss_rt.keep_selected(" in text and "_ss_rt.amax(" in text
    x = torch.randn(6, 4)  # no row sums past 100: nothing selected
    for f in (module.biggest, module.smallest, module.where_biggest):
        padded = raised(lambda f=f: f(x))
        was = shapescript.fixed_shapes(False)
        try:
            plain = raised(lambda f=f: f(x))
        finally:
            shapescript.fixed_shapes(was)
        assert padded == plain, f.__name__
    assert raised(lambda: module.biggest(x))[0] is RuntimeError  # torch's own error, not -inf
    assert module.where_biggest(x).shape == (0,)  # an empty selection's argmax over D is empty, not an error
    y = x.clone()
    y[2] = 50.0
    torch.testing.assert_close(module.biggest(y), torch.tensor(50.0))


def test_shapes_seen_can_start_again(build):
    module = built(build, PADDABLE)
    pool = shapescript.padded(module.pool)
    shapescript.shapes_seen(reset=True)
    pool(torch.randn(6, 4))
    assert shapescript.shapes_seen(reset=True) == {"pool": [((7, 4),)]}
    assert shapescript.shapes_seen() == {}
    pool(torch.randn(3, 4))
    assert shapescript.shapes_seen() == {"pool": [((3, 4),)]}


# `causal` over a padded axis, as attention written backward (each position
# to itself and the ones after) and over the query axis: a padded row sees
# no real position there, so its softmax must stay finite, or the zero
# gradient where sends it becomes a NaN in every weight (docs/padding.md).
CAUSAL = """
dim F = 4

data Ex:
    x: [F]

model Lin:
    w: [F F] = normal(0.3)

fn backward_attention(x: [n F], w: [F F]) -> [n F]:
    q = x @ w
    s = einsum(q, x: n F, m F -> n m) * 0.5
    a = softmax(masked_fill(s, !causal[m n], -inf), over=m)
    return sum(einsum(a, x: n m, m F -> n m F), over=m)

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
    h = batch.x @ m.w
    s = einsum(h, h: b F, c F -> b c)
    a = softmax(masked_fill(s, !causal[c b], -inf), over=c)
    q = softmax(masked_fill(s, !causal[b c], -inf), over=b)
    return mean(sum(a * s, over=c)) + mean(sum(q * s, over=b))

fn train(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex], epochs: int):
    for epoch in 0..epochs:
        for batch in data |> batches(4):
            l, grads = value_and_grad(loss, m, batch)
            update(m, opt, grads)
"""


def test_causal_over_a_padded_axis_keeps_every_gradient_finite(build):
    module = built(build, CAUSAL)
    data = {"x": torch.randn(6, 4, generator=torch.Generator().manual_seed(1))}  # batches of 4 and 2
    padded, _ = trained(module, data, True, epochs=2)
    plain, _ = trained(module, data, False, epochs=2)
    torch.testing.assert_close(padded.w, plain.w, rtol=1e-5, atol=1e-6)
    g = torch.Generator().manual_seed(0)
    x, w = torch.randn(6, 4, generator=g), torch.randn(4, 4, generator=g)
    grads = []
    for fn in (shapescript.padded(module.backward_attention), module.backward_attention):
        xl, wl = x.clone().requires_grad_(), w.clone().requires_grad_()
        fn(xl, wl).pow(2).sum().backward()
        assert torch.isfinite(xl.grad).all() and torch.isfinite(wl.grad).all()
        grads.append((xl.grad, wl.grad))
    torch.testing.assert_close(grads[0], grads[1], rtol=1e-5, atol=1e-5)


# `causal` compares positions in order, which a kept selection's aren't
# (they are the mask's): such a selection is compacted (seed 000).
CAUSAL_SELECTION = """
dim D = 2

fn prefix_dots(r: [k D], x: [n D]) -> [] f32:
    s = einsum(r, x: k D, n D -> k n)
    return sum(masked_fill(s, !causal[k n], 0.0))

fn direct(x: [n D]) -> [] f32:
    a = x[sum(x, over=D) > 0.0]
    s = einsum(a, x: k D, n D -> k n)
    return sum(masked_fill(s, !causal[k n], 0.0))

fn through(x: [n D]) -> [] f32:
    return prefix_dots(x[sum(x, over=D) > 0.0], x)
"""


def test_causal_over_a_selection_compacts_it(build):
    module = built(build, CAUSAL_SELECTION)
    assert "keep_selected" not in source_of(module)
    x = torch.tensor([[-1.0, -1.0], [1.0, 1.0], [2.0, 2.0]])
    a = x[x.sum(1) > 0]
    expected = (a @ x.T).masked_fill(~torch.ones(2, 3, dtype=torch.bool).tril(), 0.0).sum()
    assert module.direct(x).item() == expected.item() == module.through(x).item()
