"""The forms torch users write: `gelu(x, approximate="tanh")` and
`linear(x, w, bias)`, compared with torch called by hand; gelu's default
is torch's ("none")."""

import torch

SOURCE = """
fn tanh_gelu(x: [b D]) -> [b D]:
    return gelu(x, approximate="tanh")

fn plain_gelu(x: [b D]) -> [b D]:
    return gelu(x)

fn affine(x: [b n I], w: [O I], bias: [O]) -> [b n O]:
    return linear(x, w, bias)

fn affine_by_name(x: [b n I], w: [O I], bias: [O]) -> [b n O]:
    return x |> linear(w, bias=bias)
"""


def test_gelu_and_linear_as_torch(build):
    m = build(SOURCE)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(3, 5, generator=g) * 3
    assert torch.equal(m.tanh_gelu(x), torch.nn.functional.gelu(x, approximate="tanh"))
    assert not torch.equal(m.tanh_gelu(x), torch.nn.functional.gelu(x))
    assert torch.equal(m.plain_gelu(x), torch.nn.functional.gelu(x))
    h = torch.randn(2, 4, 6, generator=g)
    w = torch.randn(7, 6, generator=g)
    bias = torch.randn(7, generator=g)
    expected = h @ w.T + bias
    assert torch.allclose(m.affine(h, w, bias), expected, atol=1e-5)
    assert torch.allclose(m.affine_by_name(h, w, bias), expected, atol=1e-5)
