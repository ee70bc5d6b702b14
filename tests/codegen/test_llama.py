"""examples/llama.ss against the same Llama written by hand in PyTorch, on
the generated model's own weights: logits and gradients."""

import math

import pytest
import torch
import torch.nn.functional as F

from conftest import EXAMPLES

V, D, L, H, Hkv, Dh, P = 512, 256, 4, 8, 2, 32, 2048
R = H // Hkv


def rms(x, w, eps=1e-5):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w


def rotary(x, pos):
    inv = torch.exp(torch.arange(0, Dh, 2).float() * (-math.log(10000.0) / Dh))
    angle = pos.float()[..., None] * inv
    cos = angle.cos().repeat_interleave(2, -1)[:, None]
    sin = angle.sin().repeat_interleave(2, -1)[:, None]
    pairs = x.reshape(*x.shape[:-1], Dh // 2, 2)
    turned = torch.stack((-pairs[..., 1], pairs[..., 0]), -1).reshape(x.shape)
    return x * cos + turned * sin


def block(m, x, pos, layer):
    b, n, _ = x.shape
    h = rms(x, m.attn_norm[layer])
    q = rotary(F.linear(h, m.wq[layer]).view(b, n, H, Dh).transpose(1, 2), pos)
    k = rotary(F.linear(h, m.wk[layer]).view(b, n, Hkv, Dh).transpose(1, 2), pos)
    v = F.linear(h, m.wv[layer]).view(b, n, Hkv, Dh).transpose(1, 2)
    k, v = k.repeat_interleave(R, dim=1), v.repeat_interleave(R, dim=1)
    keep = torch.ones(n, n, dtype=torch.bool).tril()
    att = F.scaled_dot_product_attention(q, k, v, attn_mask=keep).transpose(1, 2).reshape(b, n, D)
    x = x + F.linear(att, m.wo[layer])
    h = rms(x, m.ffn_norm[layer])
    return x + F.linear(F.silu(F.linear(h, m.w_gate[layer])) * F.linear(h, m.w_up[layer]), m.w_down[layer])


def forward(m, ids, pos):
    x = F.embedding(ids, m.embed)
    for layer in range(L):
        x = block(m, x, pos, layer)
    return F.linear(rms(x, m.norm), m.output)


@pytest.mark.parametrize("checks", ["always", "never"])
def test_logits_and_gradients_match_pytorch(build, checks):
    module = build(EXAMPLES / "llama.ss", "--checks", checks, "--value-checks", checks)
    m = module.Llama.init(seed=0)
    ids = torch.randint(0, V, (2, 6))
    pos = torch.arange(6).expand(2, 6)
    got = module.forward(m, ids, pos)
    want = forward(m, ids, pos)
    assert got.shape == (2, 6, V)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
    params = [m.wq, m.embed, m.w_down]
    up = torch.randn_like(got)
    for g, w in zip(torch.autograd.grad(got, params, up), torch.autograd.grad(want, params, up), strict=True):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-6)


def test_an_index_out_of_range_is_caught_by_value_checks(build):
    import shapescript

    module = build(EXAMPLES / "llama.ss", "--value-checks", "always")
    m = module.Llama.init(seed=0)
    ids = torch.full((1, 3), V)  # one past the vocabulary
    with pytest.raises(shapescript.ArgumentError) as error:
        module.forward(m, ids, torch.arange(3)[None])
    assert "`ids`" in str(error.value) and str(V) in str(error.value)
