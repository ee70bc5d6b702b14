"""Padding, recording and export follow calls into another .ss file as they
do within one (docs/modules.md, "Analyses across files"): a loop whose
batch axis reaches a function of another file is padded when nothing
there prevents it, the masks are passed to that file's function under its
own pad ids, and the padded program trains as the unpadded one does; a
function there that sorts along the axis keeps the loop unpadded."""

import re

import torch

import shapescript
from conftest import compiler
from padded_training import assert_padded_trains_as_plain

# Every masked operation across the batch axis, in a file of its own.
MASKED = """\
dim F = 4
dim C = 3

fn across(h: [b C]) -> [C]:
    s = sum(h, over=b) + mean(h, over=b) + max(h, over=b) + min(h, over=b)
    s = s + logsumexp(h, over=b) + sum(softmax(h, over=b) * h, over=b)
    s = s + mean(log_softmax(h, over=b), over=b) + mean(layer_norm(h, over=b) * h, over=b)
    return s + (h |> reduce(b C -> C, mean))

fn act(x: [..s]) -> [..s]:
    return gelu(x) * 0.5 + x

fn _ranked(h: [b C]) -> [b C]:
    return h |> sort(over=b)

fn ranked(h: [b C]) -> [] f32:
    return mean(_ranked(h))
"""

MAIN = """\
import masked
from masked import F, C

data Ex:
    x: [F]
    y: Index[C]

model Lin:
    w: [F C] = normal(0.3)

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
    h = masked.act(batch.x @ m.w)
    return cross_entropy(h, batch.y) + mean(masked.across(h)) / 100.0

fn step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch)
    update(m, opt, grads)
    return l

fn train(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex], epochs: int):
    for epoch in 0..epochs:
        for batch in data |> batches(8):
            log(loss=step(m, opt, batch))

fn ranks(m: Lin, data: Dataset[Ex]):
    for batch in data |> batches(8):
        log(r=masked.ranked(batch.x @ m.w))
"""

LOOP_LINE = MAIN.splitlines().index("        for batch in data |> batches(8):") + 1


def program(tmp_path, monkeypatch, name):
    monkeypatch.setenv("SHAPESCRIPT_BIN", str(compiler()))
    monkeypatch.setenv("SHAPESCRIPT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "masked.ss").write_text(MASKED)
    (tmp_path / "main.ss").write_text(MAIN)
    return shapescript.load(tmp_path / "main.ss", name=name)


def test_a_padded_loop_reaching_another_file_trains_as_unpadded(tmp_path, monkeypatch):
    assert_padded_trains_as_plain(program(tmp_path, monkeypatch, "modules_padded"), "main.ss:%d" % LOOP_LINE)


def test_the_masks_go_to_the_other_files_functions_by_their_ids(tmp_path, monkeypatch):
    main = program(tmp_path, monkeypatch, "modules_masks")
    text = open(main.__file__).read()
    loops = re.findall(r"_ss_rt\.batch_loop\(.*, (True|False), ", text)
    assert loops == ["True", "False"]  # train's, then ranks' (a sort along the axis in masked.ss)
    across = re.search(r"\(\w*across\w*\(h, _ss_pad=\{(\d+): _ss_pads\.get\(\d+\)\}\)", text)
    assert across, text
    # The id is the one masked.ss's own code reads the mask by.
    masked = open(shapescript.load(tmp_path / "masked.ss", name="modules_masks_masked").__file__).read()
    body = masked[masked.index("def across(") : masked.index("def act(")]
    assert "_ss_pads, ((%s, 0),)" % across.group(1) in body
    # Nothing is passed from the loop that isn't padded.
    assert re.search(r"\w*ranked\w*\(batch\.x @ m\.w\)\)", text.replace("torch.matmul(batch.x, m.w)", "batch.x @ m.w"))


def test_a_sort_in_another_file_is_said_at_the_call(tmp_path):
    (tmp_path / "masked.ss").write_text(MASKED)
    (tmp_path / "main.ss").write_text(MAIN)
    import subprocess

    r = subprocess.run([str(compiler()), "check", str(tmp_path / "main.ss")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "H2001" in r.stdout and "`sort` in `masked._ranked` (reached through `masked.ranked`)" in r.stdout


ROWS = """\
dim F = 4

fn positive_rows(x: [n F]) -> [?k F]:
    keep = sum(x, over=F) > 0.0
    return x[keep]
"""

ROWS_MAIN = """\
import rows
from rows import F

fn rows_mean(x: [n F]) -> [] f32:
    return mean(rows.positive_rows(x))
"""


def test_a_selection_another_file_keeps_is_given_back_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPESCRIPT_BIN", str(compiler()))
    monkeypatch.setenv("SHAPESCRIPT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "rows.ss").write_text(ROWS)
    (tmp_path / "main.ss").write_text(ROWS_MAIN)
    main = shapescript.load(tmp_path / "main.ss", name="modules_kept_rows")
    text = open(main.__file__).read()
    # Asked for it kept, as a caller in its own file would.
    assert re.search(r"_ss_rt\.kept_result\(\w*positive\w*rows\w*\(x, _ss_keep=True\), _ss_pads, ", text), text
    g = torch.Generator().manual_seed(2)
    for n in (1, 3, 12):
        x = torch.randn(n, 4, generator=g)
        x[0] = x[0].abs()
        want = x[x.sum(1) > 0].mean()
        for padded in (True, False):
            was = shapescript.fixed_shapes(padded)
            try:
                torch.testing.assert_close(main.rows_mean(x), want)
            finally:
                shapescript.fixed_shapes(was)
