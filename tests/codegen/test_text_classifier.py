"""examples/text_classifier.ss against the same classifier written by hand in
PyTorch, on the compiled model's own weights: logits and the loss of a padded
batch, with the gradients of every field; the padding changes nothing; and
one training step is torch.optim.AdamW's."""

import copy

import pytest
import torch
import torch.nn.functional as F

import shapescript.rt as _ss_rt
from against_torch import assert_same, randomise
from conftest import EXAMPLES

V, T, K = 1000, 24, 4

# The example plus what the tests need: the optimizer its `train` makes.
EXTRA = """
fn make_opt(m: TextClassifier) -> Optimizer[TextClassifier]:
    return adamw(m, lr=1e-3)
"""


def sentences(n, seed=0):
    """n padded sentences of 1 to T tokens; the label is whether token 7 occurs,
    plus 2 when the sentence is longer than T / 2 (so it can be learned)."""
    g = torch.Generator().manual_seed(seed)
    lengths = torch.randint(1, T + 1, (n,), generator=g)
    mask = torch.arange(T)[None, :] < lengths[:, None]
    tokens = torch.randint(0, V, (n, T), generator=g)
    tokens[torch.rand(n, T, generator=g) < 0.1] = 7
    tokens = tokens.masked_fill(~mask, 0)
    label = ((tokens == 7) & mask).any(1).long() + 2 * (lengths > T // 2).long()
    return {"tokens": tokens, "mask": mask, "label": label}


def logits(m, tokens, mask):
    h = F.relu(F.linear(m.embed[tokens], m.ff_w, m.ff_b))
    keep = mask[..., None].float()
    pooled = (h * keep).sum(1) / keep.sum(1)
    return F.linear(pooled, m.head_w, m.head_b)


@pytest.fixture
def module(build):
    source = (EXAMPLES / "text_classifier.ss").read_text() + EXTRA
    return build(source, "--checks", "always", "--value-checks", "always")


def a_batch(module, data):
    dataset = _ss_rt.cast(data, _ss_rt.DatasetSpec(module.Sentence), "test")
    return next(iter(_ss_rt.batches(dataset, len(dataset))))


def test_logits_and_loss_match_pytorch(module):
    m = randomise(module.TextClassifier.init(seed=0))
    data = sentences(6)
    got = module.logits(m, data["tokens"], data["mask"])
    want = logits(m, data["tokens"], data["mask"])
    assert_same(got, want, m.parameters())
    loss = module.loss(m, a_batch(module, data))
    want = F.cross_entropy(logits(m, data["tokens"], data["mask"]), data["label"])
    assert_same(loss, want, m.parameters())


def test_the_padding_changes_nothing(module):
    m = randomise(module.TextClassifier.init(seed=0))
    data = sentences(6)
    noise = torch.randint(0, V, (6, T), generator=torch.Generator().manual_seed(3))
    other = torch.where(data["mask"], data["tokens"], noise)
    assert not torch.equal(other, data["tokens"])
    torch.testing.assert_close(
        module.logits(m, other, data["mask"]), module.logits(m, data["tokens"], data["mask"]), rtol=0, atol=1e-6
    )


def test_a_training_step_is_adamw_on_the_same_loss(module):
    m = randomise(module.TextClassifier.init(seed=0))
    mine = copy.deepcopy(m)
    data = sentences(8)
    got = module.train_step(m, module.make_opt(m), a_batch(module, data))
    opt = torch.optim.AdamW(mine.parameters(), lr=1e-3, weight_decay=0.01)
    want = F.cross_entropy(logits(mine, data["tokens"], data["mask"]), data["label"])
    want.backward()
    opt.step()
    torch.testing.assert_close(got, want.detach())
    for (name, p), q in zip(m.named_parameters(), mine.parameters(), strict=True):
        torch.testing.assert_close(p, q, msg=name)
