"""Corpus programs (tests/check/corpus/) that were false positives until
the checker was fixed, run against the same model written in torch."""

import torch

from conftest import ROOT

CORPUS = ROOT / "tests" / "check" / "corpus"


def test_moe_router_and_layer(build):
    # topk keeps the experts' axis, so the softmax over it renormalises the
    # chosen experts' scores.
    m = build(CORPUS / "moe_topk_ok.ss", "--checks", "always")
    moe = m.Moe.init(seed=0)
    x = torch.randn(5, 64)
    weights, which = m.route(moe, x)
    top, expected_which = torch.topk(x @ moe.router, 2, dim=1)
    assert torch.equal(which, expected_which)
    assert torch.allclose(weights, torch.softmax(top, dim=1))
    gate = torch.zeros(5, 8).scatter(1, expected_which, torch.softmax(top, dim=1))
    h = torch.nn.functional.gelu(torch.einsum("td,edf->tef", x, moe.w_in))
    y = torch.einsum("tef,efd->ted", h, moe.w_out)
    assert torch.allclose(m.moe(moe, x), torch.einsum("ted,te->td", y, gate), atol=1e-6)


def test_soft_targets_are_the_softmax_of_logits(build):
    m = build(CORPUS / "distillation_ok.ss", "--checks", "always")
    teacher = torch.randn(3, 1000)
    assert torch.allclose(m.soft_targets(teacher, 4.0), torch.softmax(teacher / 4.0, dim=1))


def test_padding_mask_repeated_for_each_query(build):
    # repeat(b m -> b q m, q=n): a size given by an axis of the signature.
    m = build(CORPUS / "causal_padding_masks_ok.ss", "--checks", "always")
    keep = torch.tensor([[True, True, False], [True, False, False]])
    assert torch.equal(m.per_query(keep), keep[:, None, :].expand(2, 3, 3))
