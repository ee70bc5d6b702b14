"""Models ported from PyTorch as a new user would (issue 32, "Types that
tell the truth"): each in tests/check/corpus checks clean, and here its
functions compute what the same model written by hand in torch does."""

import torch
import torch.nn.functional as F

from conftest import ROOT

CORPUS = ROOT / "tests" / "check" / "corpus"


def g(seed=0):
    return torch.Generator().manual_seed(seed)


def test_ddpm_schedule_is_looked_up_per_example(build):
    m = build(CORPUS / "ddpm_schedule_ok.ss")
    alpha_bar = torch.linspace(0.99, 0.01, 1000)
    # b = 3 = C: a schedule broadcast against the channels would still run
    x0, noise = torch.randn(3, 64, 3, generator=g()), torch.randn(3, 64, 3, generator=g(1))
    t = torch.tensor([0, 500, 999])
    a = alpha_bar[t][:, None, None]
    torch.testing.assert_close(m.q_sample(alpha_bar, x0, t, noise), a.sqrt() * x0 + (1 - a).sqrt() * noise)


def test_gnn_gathers_each_edges_source(build):
    m = build(CORPUS / "gnn_message_passing_ok.ss")
    net = m.Gcn.init(seed=0)
    x, src = torch.randn(5, 32, generator=g()), torch.tensor([4, 0, 0, 2])
    torch.testing.assert_close(m.messages(net, x, src), x[src] @ net.w_msg)


def test_reinforce_takes_the_actions_log_probability(build):
    m = build(CORPUS / "reinforce_ok.ss")
    p = m.Policy.init(seed=0)
    s, returns = torch.randn(6, 8, generator=g()), torch.randn(6, generator=g(1))
    actions = torch.tensor([0, 3, 1, 1, 2, 0])
    logp = torch.log_softmax(torch.relu(s @ p.w1) @ p.w2, -1)
    taken = logp.gather(1, actions[:, None])[:, 0]
    adv = (returns - returns.mean()) / (((returns - returns.mean()) ** 2).mean().sqrt() + 1e-8)
    entropy = -(logp.exp() * logp).sum(-1).mean()
    torch.testing.assert_close(m.loss(p, s, actions, returns), -(taken * adv).mean() - 0.01 * entropy)


def test_vqvae_picks_the_nearest_code(build):
    m = build(CORPUS / "vqvae_quantize_ok.ss")
    cb = m.Codebook.init(seed=0)
    z = torch.randn(2, 3, 64, generator=g())
    want = torch.cdist(z.reshape(-1, 64), cb.codes.detach()).argmin(-1).reshape(2, 3)
    assert torch.equal(m.nearest(cb, z), want)
    q, loss = m.quantize(cb, z)
    torch.testing.assert_close(q, cb.codes.detach()[want])


def test_selective_scan_runs_the_state_over_time(build):
    m = build(CORPUS / "selective_scan_ok.ss")
    net = m.Ssm.init(seed=0)
    x = torch.randn(5, 16, generator=g())
    delta = torch.log(1 + torch.exp(x @ net.w_delta))
    h = torch.zeros(16, 8)
    for i in range(5):
        h = torch.exp(-torch.exp(net.a_log) * delta[i][:, None]) * h + (delta[i] * x[i])[:, None] * net.w_b
    torch.testing.assert_close(m.final_state(net, x), h)


def test_resnet_block_normalises_per_channel(build):
    m = build(CORPUS / "resnet_block_ok.ss")
    blk = m.Block.init(seed=0)
    x = torch.randn(2, 16, 5, 5, generator=g())

    def bn(y, gamma):
        mu = y.mean((0, 2, 3), keepdim=True)
        var = ((y - mu) ** 2).mean((0, 2, 3), keepdim=True)
        return (y - mu) / torch.sqrt(var + 1e-5) * gamma[None, :, None, None]

    y = torch.relu(bn(F.conv2d(x, blk.k1, blk.b1, padding=1), blk.g1))
    y = bn(F.conv2d(y, blk.k2, blk.b2, padding=1), blk.g2)
    torch.testing.assert_close(m.block(blk, x), torch.relu(y + x))


def test_lstm_carries_its_state_and_keeps_each_output(build):
    m = build(CORPUS / "lstm_cell_ok.ss")
    net = m.Lstm.init(seed=0)
    xs = torch.randn(5, 2, 16, generator=g())
    h, c, outs = torch.zeros(2, 32), torch.zeros(2, 32), []
    for x in xs:
        i, f, gate, o = (x @ net.w_x + h @ net.w_h + net.bias).chunk(4, dim=1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(gate)
        h = torch.sigmoid(o) * torch.tanh(c)
        outs.append(h)
    got_outs, got_h = m.run(net, xs)
    torch.testing.assert_close(got_outs, torch.stack(outs))
    torch.testing.assert_close(got_h, h)


def test_unet_level_with_its_skip_and_timestep_embedding(build):
    m = build(CORPUS / "unet_block_ok.ss")
    net = m.Level.init(seed=0)
    t = torch.tensor([3.0, 250.0])
    freqs = torch.exp(-9.21 * torch.arange(0, 64) / 64.0)
    args = t[:, None] * freqs
    temb = torch.cat((torch.sin(args), torch.cos(args)), 1)
    torch.testing.assert_close(m.timestep_embedding(t), temb)

    def block(x):
        h = F.conv2d(F.silu(x), net.conv1, padding=1) + (temb @ net.time_w)[:, :, None, None]
        return x + F.conv2d(F.silu(h), net.conv2, padding=1)

    x = torch.randn(2, 32, 8, 8, generator=g())
    skip = block(x)
    inner = block(F.avg_pool2d(skip, 2))
    up = inner.repeat_interleave(2, dim=2).repeat_interleave(2, dim=3)
    want = F.conv2d(torch.cat((up, skip), 1), net.up, padding=1)
    torch.testing.assert_close(m.level(net, x, temb), want)


def test_crf_forward_algorithm_is_torchs(build):
    m = build(CORPUS / "crf_forward_ok.ss")
    crf = m.Crf.init(seed=0)
    emissions = torch.randn(2, 6, 9, generator=g())
    real = torch.tensor([[True] * 6, [True] * 4 + [False] * 2])
    alpha = emissions[:, 0] + crf.start
    for i in range(1, 6):
        scores = torch.logsumexp(alpha[:, :, None] + crf.transitions[None] + emissions[:, i][:, None, :], dim=1)
        alpha = torch.where(real[:, i, None], scores, alpha)
    torch.testing.assert_close(m.log_partition(crf, emissions, real), torch.logsumexp(alpha, 1))


def test_capsule_routing_is_torchs(build):
    m = build(CORPUS / "capsule_routing_ok.ss")
    caps = m.Caps.init(seed=0)
    u = torch.randn(2, 32, 8, generator=g())

    def squash(s):
        norm2 = (s**2).sum(-1, keepdim=True)
        return s * norm2 / (1.0 + norm2) / torch.sqrt(norm2 + 1e-8)

    u_hat = torch.einsum("ijod,bid->bijo", caps.w, u)
    logits = torch.zeros(2, 32, 10)
    v = squash(u_hat.sum(1))
    for _ in range(3):
        c = torch.softmax(logits, 2)
        v = squash(torch.einsum("bij,bijo->bjo", c, u_hat))
        logits = logits + torch.einsum("bijo,bjo->bij", u_hat, v)
    torch.testing.assert_close(m.route(caps, u), v)


def test_wavenet_block_is_torchs(build):
    m = build(CORPUS / "wavenet_block_ok.ss")
    net = m.Block.init(seed=0)
    x = torch.randn(2, 32, 10, generator=g())
    h = F.conv1d(F.pad(x, (2, 0)), net.dilated, dilation=2)
    z = torch.tanh(h[:, :32]) * torch.sigmoid(h[:, 32:])
    out, skip = m.block(net, x)
    torch.testing.assert_close(out, x + torch.einsum("brn,rq->bqn", z, net.residual))
    torch.testing.assert_close(skip, torch.einsum("brn,rs->bsn", z, net.skip))


def test_arcface_adds_the_margin_to_the_true_class(build):
    m = build(CORPUS / "arcface_ok.ss")
    head = m.ArcHead.init(seed=0)
    features, labels = torch.randn(4, 128, generator=g()), torch.tensor([0, 7, 7, 49])
    w = head.centres / torch.sqrt((head.centres**2).sum(0) + 1e-12)
    x = features / torch.sqrt((features**2).sum(1, keepdim=True) + 1e-12)
    cosine = (x @ w).clamp(-1 + 1e-7, 1 - 1e-7)
    margin = torch.cos(torch.acos(cosine) + 0.5)
    logits = torch.where(F.one_hot(labels, 50).bool(), margin, cosine) * 30.0
    torch.testing.assert_close(m.arcface_loss(head, features, labels, 0.5, 30.0), F.cross_entropy(logits, labels))


def test_pairwise_iou_is_torchs(build):
    m = build(CORPUS / "box_iou_ok.ss")
    corners = torch.rand(5, 2, generator=g()) * 10
    a = torch.cat((corners, corners + torch.rand(5, 2, generator=g(1)) * 5 + 0.1), 1)
    b = torch.cat((corners[:3] + 1, corners[:3] + 4), 1)
    lt = torch.maximum(a[:, None, :2], b[None, :, :2])
    rb = torch.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(2)

    def area(x):
        return (x[:, 2] - x[:, 0]) * (x[:, 3] - x[:, 1])

    torch.testing.assert_close(m.pairwise_iou(a, b), inter / (area(a)[:, None] + area(b)[None, :] - inter))


def test_nucleus_filtering_is_torchs(build):
    m = build(CORPUS / "nucleus_sampling_ok.ss")
    logits = torch.randn(2, 1000, generator=g()) * 3
    ordered, order = logits.sort(1, descending=True)
    probs = torch.softmax(ordered, 1)
    past = probs.cumsum(1) - probs > 0.9
    removed = torch.zeros_like(logits).scatter(1, order, past.float())
    want = logits.masked_fill(removed > 0.5, -torch.inf)
    assert torch.equal(m.nucleus_logits(logits, 0.9), want)


def test_interleaved_rotary_pairs_are_torchs(build):
    m = build(CORPUS / "rope_interleaved_ok.ss")
    x = torch.randn(2, 5, 64, generator=g())
    angles = torch.rand(5, 32, generator=g(1)) * 6
    even, odd = x[..., 0::2], x[..., 1::2]
    want = torch.stack((even * angles.cos() - odd * angles.sin(), even * angles.sin() + odd * angles.cos()), -1)
    torch.testing.assert_close(m.rotate_pairs(x, angles.cos(), angles.sin()), want.flatten(2))


def test_sliding_window_attention_and_graph_readout_are_torchs(build):
    window = build(CORPUS / "sliding_window_mask_ok.ss")
    q, k, v = (torch.randn(2, 6, 32, generator=g(i)) for i in range(3))
    pos = torch.arange(6)
    allowed = (pos[None, :] <= pos[:, None]) & (pos[:, None] - pos[None, :] < 3)
    scores = (q @ k.transpose(1, 2) / 32.0**0.5).masked_fill(~allowed, -torch.inf)
    torch.testing.assert_close(window.attend(q, k, v, 3), torch.softmax(scores, 2) @ v)
    readout = build(CORPUS / "graph_readout_ok.ss")
    x, graph_of = torch.randn(7, 16, generator=g()), torch.tensor([0, 0, 1, 1, 1, 2, 2])
    sizes = torch.tensor([2.0, 3.0, 2.0])
    want = torch.stack([x[graph_of == i].sum(0) for i in range(3)]) / sizes[:, None]
    torch.testing.assert_close(readout.readout(x, graph_of, sizes), want)


def test_convnext_block_is_torchs(build):
    m = build(CORPUS / "convnext_block_ok.ss")
    net = m.Block.init(seed=0)
    x = torch.randn(2, 32, 6, 5, generator=g())
    y = F.conv2d(x, net.dw, padding=3, groups=32).permute(0, 2, 3, 1)
    y = F.layer_norm(y, (32,), net.ln_w, net.ln_b)
    y = F.gelu(y @ net.up) @ net.down * net.gamma
    torch.testing.assert_close(m.block(net, x), x + y.permute(0, 3, 1, 2))
