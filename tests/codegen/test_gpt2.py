"""examples/gpt2.ss against the same GPT-2 written by hand in PyTorch, on the
compiled model's own weights: logits, and the gradients of every field
(the token embedding gets two, from the input and from the tied output)."""

import math

import pytest
import torch
import torch.nn.functional as F

from against_torch import assert_same, randomise
from conftest import EXAMPLES

V, P, D, L, H = 512, 128, 128, 2, 4
Dh = D // H


def attention(x, w, b, proj_w, proj_b):
    batch, n, _ = x.shape
    q, k, v = F.linear(x, w, b).split(D, dim=-1)
    q, k, v = (t.view(batch, n, H, Dh).transpose(1, 2) for t in (q, k, v))
    scores = q @ k.transpose(-1, -2) / math.sqrt(Dh)
    future = torch.ones(n, n, dtype=torch.bool).triu(1)
    att = scores.masked_fill(future, float("-inf")).softmax(-1) @ v
    return F.linear(att.transpose(1, 2).reshape(batch, n, D), proj_w, proj_b)


def forward(m, ids, pos):
    x = m.wte[ids] + m.wpe[pos]
    for i in range(L):
        h = F.layer_norm(x, (D,), m.ln1_w[i], m.ln1_b[i], eps=1e-5)
        x = x + attention(h, m.attn_w[i], m.attn_b[i], m.proj_w[i], m.proj_b[i])
        h = F.layer_norm(x, (D,), m.ln2_w[i], m.ln2_b[i], eps=1e-5)
        h = F.gelu(F.linear(h, m.fc_w[i], m.fc_b[i]), approximate="tanh")
        x = x + F.linear(h, m.out_w[i], m.out_b[i])
    x = F.layer_norm(x, (D,), m.lnf_w, m.lnf_b, eps=1e-5)
    return x @ m.wte.T


@pytest.mark.parametrize("checks", ["always", "never"])
def test_logits_and_gradients_match_pytorch(build, checks):
    module = build(EXAMPLES / "gpt2.ss", "--checks", checks, "--value-checks", checks)
    m = randomise(module.Gpt2.init(seed=0))
    ids = torch.randint(0, V, (2, 7))
    pos = torch.arange(7).expand(2, 7)
    got = module.forward(m, ids, pos)
    assert got.shape == (2, 7, V)
    assert_same(got, forward(m, ids, pos), m.parameters())


def test_a_position_past_the_context_is_refused(build):
    import shapescript

    module = build(EXAMPLES / "gpt2.ss", "--value-checks", "always")
    m = module.Gpt2.init(seed=0)
    with pytest.raises(shapescript.ArgumentError) as error:
        module.forward(m, torch.zeros(1, 3, dtype=torch.long), torch.tensor([[0, 1, P]]))
    assert str(P) in str(error.value)


def test_next_token_is_greedy_in_eval_and_drawn_in_sample(build):
    import shapescript.rt as _ss_rt

    module = build(EXAMPLES / "gpt2.ss")
    m = randomise(module.Gpt2.init(seed=0))
    ids = torch.randint(0, V, (3, 5))
    pos = torch.arange(5).expand(3, 5)
    with torch.no_grad():
        greedy = module.next_token(m, ids, pos, 1.0, _ss_rt.Eval)
        assert torch.equal(greedy, forward(m, ids, pos)[:, -1].argmax(-1))
        drawn = module.next_token(m, ids, pos, 2.0, _ss_rt.Sample(seed=1))
        assert torch.equal(drawn, module.next_token(m, ids, pos, 2.0, _ss_rt.Sample(seed=1)))
        draws = [module.next_token(m, ids, pos, 5.0, _ss_rt.Sample(seed=s)) for s in range(8)]
    assert drawn.dtype == torch.int64 and drawn.shape == (3,)
    assert len({tuple(d.tolist()) for d in draws}) > 1  # hot enough to differ between seeds
