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


def test_swin_windows_and_back(build):
    # The merge back solves gw from b and gh over symbols: (b gh gw).
    import einops

    m = build(CORPUS / "swin_window_attention_ok.ss", "--checks", "always")
    attn = m.WindowAttn.init(seed=0)
    with torch.no_grad():
        attn.bias.copy_(torch.randn(3, 49, 49))
    x = torch.randn(2, 14, 21, 96)
    win = einops.rearrange(x, "b (gh wh) (gw ww) c -> (b gh gw) (wh ww) c", wh=7, ww=7)
    q, k, v = einops.rearrange(win @ attn.qkv, "w n (k h d) -> k w h n d", k=3, h=3)
    o = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=attn.bias)
    y = einops.rearrange(o, "w h n d -> w n (h d)") @ attn.proj
    expected = einops.rearrange(y, "(b gh gw) (wh ww) c -> b (gh wh) (gw ww) c", b=2, gh=2, wh=7, ww=7)
    assert torch.allclose(m.window_attention(attn, x), expected, atol=1e-5)


def test_vit_class_token_joined_before_the_patches(build):
    # cat(cls, tokens, over=N): the class token [b 1 D] has no axis N, the
    # patches do; torch.cat joins along dim 1.
    import einops

    m = build(CORPUS / "vit_classifier_ok.ss", "--checks", "always")
    vit = m.Vit.init(seed=0)
    with torch.no_grad():
        vit.cls.copy_(torch.randn(128))
    img = torch.randn(2, 3, 32, 32)
    patches = einops.rearrange(img, "b c (gh p1) (gw p2) -> b (gh gw) (c p1 p2)", p1=4, p2=4)
    tokens = patches @ vit.patch_w + vit.patch_b
    expected = torch.cat([vit.cls.expand(2, 1, 128), tokens], dim=1) + vit.pos
    assert torch.allclose(m.embed(vit, img), expected, atol=1e-6)
