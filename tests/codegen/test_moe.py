"""examples/moe.ss (every expert on every token, the chosen ones gathered)
against a mixture of experts written by hand in PyTorch the way Mixtral's
reference code runs it (each expert only on the tokens routed to it), on the
compiled model's own weights: outputs and the gradients of every field."""

import pytest
import torch
import torch.nn.functional as F

from against_torch import assert_same, randomise
from conftest import EXAMPLES

D, E, K = 32, 8, 2


def moe(m, x):
    h = F.rms_norm(x, (D,), m.norm, eps=1e-5)
    tokens = h.reshape(-1, D)
    best, chosen = F.linear(tokens, m.router).topk(K, dim=-1)
    weights = best.softmax(-1)
    out = torch.zeros_like(tokens)
    for e in range(E):
        rows, slot = torch.nonzero(chosen == e, as_tuple=True)
        y = F.linear(F.silu(F.linear(tokens[rows], m.w_gate[e])) * F.linear(tokens[rows], m.w_up[e]), m.w_down[e])
        out = out.index_add(0, rows, y * weights[rows, slot, None])
    return x + out.view(x.shape)


@pytest.mark.parametrize("checks", ["always", "never"])
def test_outputs_and_gradients_match_pytorch(build, checks):
    module = build(EXAMPLES / "moe.ss", "--checks", checks, "--value-checks", checks)
    m = randomise(module.Moe.init(seed=0), std=0.3)
    x = torch.randn(2, 5, D, requires_grad=True)
    got = module.moe(m, x)
    assert_same(got, moe(m, x), [x, *m.parameters()])


def test_each_token_uses_only_its_chosen_experts(build):
    module = build(EXAMPLES / "moe.ss")
    m = randomise(module.Moe.init(seed=0), std=0.3)
    x = torch.randn(1, 4, D)
    chosen = F.linear(F.rms_norm(x, (D,), m.norm, eps=1e-5), m.router).topk(K, dim=-1).indices
    unused = sorted(set(range(E)) - set(chosen.flatten().tolist()))
    assert unused
    before = module.moe(m, x)
    with torch.no_grad():
        for e in unused:
            m.w_down[e].mul_(10)
    torch.testing.assert_close(module.moe(m, x), before)
