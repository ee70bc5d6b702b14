"""Corpus programs (tests/check/corpus/) that were false positives until
the checker was fixed, run against the same model written in torch."""

import torch

import shapescript
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


def test_unit_axes_broadcast_by_place(build):
    # `[b C 1 1]`, `[r s 1]` and `[b 1]` against the other operand's axes,
    # as torch broadcasts them (E0410 before).
    g = torch.Generator().manual_seed(0)
    se = build(CORPUS / "squeeze_excite_ok.ss", "--checks", "always")
    m = se.SE.init(seed=0)
    x = torch.randn(2, 16, 5, 4, generator=g)
    gate = torch.sigmoid(torch.relu(x.mean((2, 3)) @ m.w1) @ m.w2)
    torch.testing.assert_close(se.excite(m, x), x + x * gate[:, :, None, None])
    nerf = build(CORPUS / "nerf_render_ok.ss", "--checks", "always")
    sigma, rgb, delta = torch.randn(4, 6, generator=g), torch.rand(4, 6, 3, generator=g), torch.rand(4, 6, generator=g)
    alpha = 1 - torch.exp(-torch.relu(sigma) * delta)
    trans = torch.cumprod(1 - alpha + 1e-10, 1) / (1 - alpha + 1e-10)
    assert torch.equal(nerf.render(sigma, rgb, delta), ((alpha * trans)[:, :, None] * rgb).sum(1))
    ddim = build(CORPUS / "guided_ddim_ok.ss", "--checks", "always")
    m = ddim.Eps.init(seed=0)
    x, cond = torch.randn(3, 8, generator=g), torch.randn(3, generator=g)

    def eps(c):
        return torch.tanh(x @ m.w + c[:, None] * m.c)

    e = eps(torch.zeros(3)) + 2.0 * (eps(cond) - eps(torch.zeros(3)))
    x0 = (x - 0.5**0.5 * e) / 0.5**0.5
    torch.testing.assert_close(ddim.ddim_step(m, x, cond, 0.5, 0.7, 2.0), 0.7**0.5 * x0 + 0.3**0.5 * e)


def test_gan_losses_with_leaky_relu_and_elu(build):
    # leaky_relu and elu, which were undefined names (E0102) before.
    F = torch.nn.functional
    gan = build(CORPUS / "gan_losses_ok.ss", "--checks", "always")
    d, gen = gan.Disc.init(seed=0), gan.Gen.init(seed=1)
    g = torch.Generator().manual_seed(1)
    real, z = torch.randn(4, 64, generator=g), torch.randn(4, 16, generator=g)

    def critic(x):
        return (F.leaky_relu(F.leaky_relu(x @ d.w1, 0.2) @ d.w2, 0.2) * d.out).sum(1)

    fake = torch.tanh(F.elu(z @ gen.w1) @ gen.w2)
    want = F.softplus(-critic(real)).mean() + F.softplus(critic(fake)).mean()
    torch.testing.assert_close(gan.d_loss(d, gen, real, z), want, rtol=0, atol=0)
    torch.testing.assert_close(gan.g_loss(d, gen, z), F.softplus(-critic(fake)).mean(), rtol=0, atol=0)


def test_group_norm_by_hand_is_torchs(build):
    # `(g c)` back in C's place against `rearrange(weight: C -> C 1 1)`: a
    # `1` against the unnamed axis of C's size (E0410 before).
    m = build(CORPUS / "group_norm_tricks_ok.ss", "--checks", "always")
    g = torch.Generator().manual_seed(2)
    x, weight, bias = torch.randn(2, 32, 5, 3, generator=g), torch.randn(32, generator=g), torch.randn(32, generator=g)
    torch.testing.assert_close(m.group_norm(x, weight, bias), torch.nn.functional.group_norm(x, 8, weight, bias))
    keep = torch.tensor([True, False])
    y = torch.randn(2, 4, 16, generator=g)
    assert torch.equal(m.drop_path(y, keep, 0.25), y * torch.where(keep, 1 / 0.75, 0.0)[:, None, None])


def test_graph_attention_layer_is_torchs_and_pads_exactly(build):
    # [n 1] + [1 n] is the pairwise [n n], as in torch (E0504 at the mask
    # before: names had made it the diagonal [n 1]).
    F = torch.nn.functional
    gat = build(CORPUS / "gat_layer_ok.ss", "--checks", "always")
    m = gat.Gat.init(seed=0)
    g = torch.Generator().manual_seed(3)
    for n in (6, 11):
        x = torch.randn(n, 16, generator=g)
        adj = (torch.rand(n, n, generator=g) < 0.5) | torch.eye(n, dtype=torch.bool)
        h = x @ m.w
        e = F.leaky_relu((h * m.a_src).sum(1)[:, None] + (h * m.a_dst).sum(1)[None, :], 0.2)
        want = F.elu(torch.softmax(e.masked_fill(~adj, -torch.inf), 1) @ h)
        torch.testing.assert_close(gat.gat(m, x, adj), want)
        assert torch.equal(shapescript.padded(gat.gat)(m, x, adj), gat.gat(m, x, adj))


def test_ppo_with_gae_is_torchs(build):
    # std, minimum and clamp, which were undefined names (E0102) before.
    F = torch.nn.functional
    ppo = build(CORPUS / "ppo_gae_ok.ss", "--checks", "always")
    m = ppo.ActorCritic.init(seed=0)
    g = torch.Generator().manual_seed(4)
    t = 7
    rewards, values = torch.randn(t, generator=g), torch.randn(t, generator=g)
    dones, last = (torch.rand(t, generator=g) < 0.2).float(), torch.randn((), generator=g)
    advantages, running, next_value = torch.zeros(t), last * 0.0, last
    for i in reversed(range(t)):
        not_done = 1.0 - dones[i]
        running = rewards[i] + 0.99 * next_value * not_done - values[i] + 0.99 * 0.95 * not_done * running
        advantages[i], next_value = running, values[i]
    assert torch.equal(ppo.gae(rewards, values, dones, last, 0.99, 0.95), advantages)
    obs, actions = torch.randn(t, 8, generator=g), torch.randint(0, 4, (t,), generator=g)
    old_logp, returns = torch.randn(t, generator=g) - 1.4, torch.randn(t, generator=g)
    h = torch.tanh(obs @ m.w1 + m.b1)
    logp_all = F.log_softmax(h @ m.w_pi, 1)
    ratio = torch.exp(logp_all.gather(1, actions[:, None])[:, 0] - old_logp)
    norm = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    surrogate = torch.minimum(ratio * norm, ratio.clamp(0.8, 1.2) * norm)
    value_loss = (((h @ m.w_v)[:, 0] - returns) ** 2).mean()
    entropy = -(logp_all.exp() * logp_all).sum(1).mean()
    want = -surrogate.mean() + 0.5 * value_loss - 0.01 * entropy
    torch.testing.assert_close(ppo.ppo_loss(m, obs, actions, old_logp, advantages, returns, 0.2), want)


def test_feature_tokens_and_their_attention_are_torchs(build):
    # x + attention(x) with x's unnamed `1+F+K` axis named `t` by the
    # einsum (E0410 before).
    tab = build(CORPUS / "tabular_tokens_ok.ss", "--checks", "always")
    m = tab.Tokenizer.init(seed=0)
    g = torch.Generator().manual_seed(5)
    numeric, categories = torch.randn(3, 6, generator=g), torch.randint(0, 60, (3, 3), generator=g)
    num = numeric[:, :, None] * m.num_w + m.num_b
    x = torch.cat((m.cls.expand(3, 1, 32), num, m.cat_table[categories]), 1)
    q, k, v = (x @ m.w_qkv).chunk(3, dim=2)
    att = torch.softmax(torch.einsum("btd,bud->btu", q, k) / 32.0**0.5, 2)
    h = x + torch.einsum("btu,bud->btd", att, v)
    torch.testing.assert_close(tab.classify(m, numeric, categories), h[:, 0] @ m.head)


def test_dlrm_interactions_are_torchs(build):
    # repeat(sparse: b S -> b S 1 E, E=E), a dim's own size (E0415 before).
    dlrm = build(CORPUS / "dlrm_interactions_ok.ss", "--checks", "always")
    m = dlrm.Dlrm.init(seed=0)
    g = torch.Generator().manual_seed(6)
    dense, sparse = torch.randn(3, 13, generator=g), torch.randint(0, 100, (3, 4), generator=g)
    d = torch.relu(dense @ m.bottom)
    emb = m.tables[torch.arange(4)[None, :], sparse]  # [b S E]: feature s looks up its own table
    features = torch.cat((d[:, None, :], emb), 1)
    pairs = torch.einsum("bfe,bge->bfg", features, features).flatten(1)
    want = (torch.cat((d, pairs), 1) @ m.top)[:, 0]
    torch.testing.assert_close(dlrm.click_logit(m, dense, sparse), want)
