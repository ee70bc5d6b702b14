"""examples/split/: one block file shared by a language model and a
classifier, and training in a file of its own (docs/modules.md). Each file
checks clean, each model matches the same model written by hand in
PyTorch (outputs and gradients), and training lowers the loss."""

import math
import subprocess
import sys

import pytest
import torch
import torch.nn.functional as F

import shapescript
from against_torch import assert_same, randomise
from conftest import EXAMPLES, compiler

SPLIT = EXAMPLES / "split"
D, H = 64, 4
Dh = D // H


@pytest.fixture(autouse=True)
def compiler_and_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPESCRIPT_BIN", str(compiler()))
    monkeypatch.setenv("SHAPESCRIPT_CACHE", str(tmp_path / "cache"))


def test_every_file_checks_clean():
    r = subprocess.run([str(compiler()), "check", *sorted(SPLIT.glob("*.ss"))], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def block(b, x, causal):
    batch, n, _ = x.shape
    h = F.layer_norm(x, (D,), b.ln1_w, b.ln1_b, eps=1e-5)
    q, k, v = F.linear(h, b.qkv).split(D, dim=-1)
    q, k, v = (t.view(batch, n, H, Dh).transpose(1, 2) for t in (q, k, v))
    scores = q @ k.transpose(-1, -2) / math.sqrt(Dh)
    if causal:
        scores = scores.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
    att = (scores.softmax(-1) @ v).transpose(1, 2).reshape(batch, n, D)
    x = x + F.linear(att, b.proj)
    h = F.layer_norm(x, (D,), b.ln2_w, b.ln2_b, eps=1e-5)
    return x + F.linear(F.gelu(F.linear(h, b.up)), b.down)


def test_the_language_model_matches_pytorch():
    lm = shapescript.load(SPLIT / "lm.ss", name="split_lm")
    m = randomise(lm.Lm.init(seed=0))
    ids = torch.randint(0, 96, (2, 9))
    pos = torch.arange(9).expand(2, 9)
    x = m.embed[ids] + m.pos[pos]
    x = block(m.second, block(m.first, x, True), True)
    want = F.layer_norm(x, (D,), m.norm, None, eps=1e-5) @ m.embed.T
    assert_same(lm.logits(m, ids, pos), want, m.parameters())


def test_the_classifier_matches_pytorch():
    classifier = shapescript.load(SPLIT / "classifier.ss", name="split_classifier")
    m = randomise(classifier.Classifier.init(seed=0))
    ids = torch.randint(0, 96, (3, 7))
    want = F.linear(block(m.body, m.embed[ids], False).mean(1), m.head)
    assert_same(classifier.logits(m, ids), want, m.parameters())


def test_training_in_its_own_file_lowers_the_loss():
    train = shapescript.load(SPLIT / "train.ss", name="split_train")
    m = train.Lm.init(seed=0)
    opt = train.make_optimizer(m)
    # Each row repeats a pattern of four tokens: the next one is predictable.
    g = torch.Generator().manual_seed(0)
    starts = torch.randint(0, 96, (32, 4), generator=g)
    ids = starts.repeat(1, 5)[:, :17]
    data = {"ids": ids[:, :16], "pos": torch.arange(16).expand(32, 16).clone(), "next": ids[:, 1:]}
    dataset = shapescript.rt.cast(data, shapescript.rt.DatasetSpec(train.Text), "test")
    batch = next(iter(shapescript.rt.batches(dataset, 32)))
    first = train.loss(m, batch).item()
    for _ in range(40):
        train.train_step(m, opt, batch)
    assert train.loss(m, batch).item() < first * 0.7


def test_the_language_model_exports_as_one_program(tmp_path):
    # The .pt2 of a function calling into layers.ss: the same numbers as the
    # program loaded from its files, on the model the export makes (seed 0).
    out = tmp_path / "lm.pt2"
    r = subprocess.run(
        [str(compiler()), "export", str(SPLIT / "lm.ss"), "--fn", "logits", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    exported = torch.export.load(str(out)).module()
    lm = shapescript.load(SPLIT / "lm.ss", name="split_lm_exported")
    m = lm.Lm.init(seed=0)
    ids = torch.randint(0, 96, (2, 9))
    pos = torch.arange(9).expand(2, 9)
    assert torch.equal(exported(ids, pos), lm.logits(m, ids, pos))


def test_a_hugging_face_folder_of_a_model_made_of_models_is_refused(tmp_path):
    # lm.ss's blocks are layers.Block fields: a folder's parameters have no
    # dotted names yet (split/gpt2.ss, whose fields are tensors, is exported:
    # tests/serving).
    r = subprocess.run(
        [str(compiler()), "export", str(SPLIT / "lm.ss"), "--fn", "logits", "--hf", str(tmp_path / "hf")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2
    assert "the field `first` of `Lm` is a model (layers.Block)" in r.stderr, r.stderr
    assert not (tmp_path / "hf").exists()


def test_the_language_model_exports_as_one_aoti_package(tmp_path):
    # An AOTInductor package of a program of two files: compiled from the
    # traced program, the numbers of the program loaded from its files.
    out = tmp_path / "lm_aoti.pt2"
    r = subprocess.run(
        [str(compiler()), "export", str(SPLIT / "lm.ss"), "--fn", "logits", "--aoti", "-o", str(out)]
        + ["--python", sys.executable],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    package = torch._inductor.aoti_load_package(str(out))
    lm = shapescript.load(SPLIT / "lm.ss", name="split_lm_aoti")
    m = lm.Lm.init(seed=0)
    for b, n in ((2, 9), (1, 4)):
        ids = torch.randint(0, 96, (b, n))
        # Contiguous: a package reads its inputs in the example's layout.
        pos = torch.arange(n).expand(b, n).contiguous()
        torch.testing.assert_close(package(ids, pos), lm.logits(m, ids, pos), rtol=1e-5, atol=1e-5)
