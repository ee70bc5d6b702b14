"""scaled_dot_product_attention's torch options (issue 37 point 2), each
against torch's function called by hand: is_causal, scale, enable_gqa
(keys and values with fewer heads), and dropout_p, whose weights' dropout
draws from the mode as `dropout` does: in Train the written-out attention
with that draw's mask, in Eval and Sample torch's without dropout."""

import torch
import torch.nn.functional as F

import shapescript.rt as _ss_rt
from shapescript.modes import draw_seed

PROGRAM = """
dim H = 4
dim G = 2
dim Dh = 8

fn causal_scaled(q: [b H n Dh], k: [b H n Dh], v: [b H n Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, is_causal=true, scale=0.5)

fn grouped(q: [b H n Dh], k: [b G m Dh], v: [b G m Dh]) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, enable_gqa=true)

fn dropped(q: [b H n Dh], k: [b H m Dh], v: [b H m Dh], mode: Mode) -> [b H n Dh]:
    return scaled_dot_product_attention(q, k, v, dropout_p=0.3, mode=mode)
"""


def qkv(heads=4, kv_heads=4, n=5, m=5):
    g = torch.Generator().manual_seed(0)
    return (
        torch.randn(2, heads, n, 8, generator=g),
        torch.randn(2, kv_heads, m, 8, generator=g),
        torch.randn(2, kv_heads, m, 8, generator=g),
    )


def test_is_causal_scale_and_grouped_heads_are_torchs(build):
    module = build(PROGRAM)
    q, k, v = qkv()
    want = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.5)
    assert torch.equal(module.causal_scaled(q, k, v), want)
    q, k, v = qkv(kv_heads=2, m=7)
    want = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
    assert torch.equal(module.grouped(q, k, v), want)
    # The same as every key and value head repeated for its group of queries.
    repeated = F.scaled_dot_product_attention(q, k.repeat_interleave(2, 1), v.repeat_interleave(2, 1))
    torch.testing.assert_close(module.grouped(q, k, v), repeated)


def test_the_weights_dropout_draws_from_the_mode(build):
    module = build(PROGRAM)
    q, k, v = qkv(m=6)
    mode = _ss_rt.Train(seed=3)
    got = module.dropped(q, k, v, mode)
    # By hand: the weights, and dropout's mask drawn with the draw's seed.
    weights = torch.softmax(q @ k.transpose(-2, -1) / 8**0.5, -1)
    g = torch.Generator().manual_seed(draw_seed(mode.at("scaled_dot_product_attention#0")))
    keep = torch.empty_like(weights).bernoulli_(0.7, generator=g)
    torch.testing.assert_close(got, weights * keep.div_(0.7) @ v)
    assert torch.equal(got, module.dropped(q, k, v, _ss_rt.Train(seed=3)))
    assert not torch.equal(got, module.dropped(q, k, v, _ss_rt.Train(seed=4)))
    plain = F.scaled_dot_product_attention(q, k, v)
    assert torch.equal(module.dropped(q, k, v, _ss_rt.Eval), plain)
    assert torch.equal(module.dropped(q, k, v, _ss_rt.Sample(seed=3)), plain)
