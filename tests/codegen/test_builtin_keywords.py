"""The runtime's built-ins take their arguments by the names the checker's
table gives them (server/check/builtin_table.cpp, the editor's signatures):
a call that names them checks clean, so it must run. `clip_norm(grads,
max=1.0)` reached a runtime parameter called `max_norm` (found by the
mutation test)."""

import torch

PROGRAM = """
dim D = 4

model M:
    w: [D] = ones

data Row:
    x: [D]

fn loss(m: M, x: [D]) -> [] f32:
    return sum(x * m.w)

fn step(mut m: M, mut opt: Optimizer[M], x: [D]) -> [] f32:
    l, grads = value_and_grad(loss, m, x)
    update(m, opt, grads |> clip_norm(max=0.5))
    return l

fn train(rows: Dataset[Row]) -> M:
    m = M.init(seed=0)
    opt = sgd(m, lr=1.0)
    for batch in rows |> shuffle(seed=1) |> batches(size=2):
        step(m, opt, batch.x[0])
    return m
"""


def test_keyword_arguments_reach_the_runtime(build):
    import shapescript.rt as rt

    module = build(PROGRAM)
    rows = rt.Dataset({"x": torch.ones(4, 4)}, module.Row)
    m = module.train(rows)
    # Each of the two steps moves w by lr * the gradient clipped to norm 0.5.
    assert torch.allclose(m.w.detach(), torch.full((4,), 1.0 - 2 * 0.5 / 2), atol=1e-5)


NORMS = """
dim D = 4

fn ln(x: [n D], w: [D], c: [D]) -> [n D]:
    return layer_norm(x, w, c, 0.5, over=D)

fn ln_named(x: [n D], w: [D], c: [D]) -> [n D]:
    return layer_norm(x, over=D, eps=0.5, bias=c, weight=w)

fn rms(x: [n D], w: [D]) -> [n D]:
    return rms_norm(x, w, 0.5, over=D)
"""


def test_the_norms_take_bias_and_eps_by_position_too(build):
    """After x, in the table's order without `over`: weight, bias, eps."""
    module = build(NORMS)
    x, w, c = torch.randn(3, 4), torch.randn(4), torch.randn(4)
    want = torch.nn.functional.layer_norm(x, (4,), w, c, 0.5)
    torch.testing.assert_close(module.ln(x, w, c), want)
    torch.testing.assert_close(module.ln_named(x, w, c), want)
    want = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 0.5) * w
    torch.testing.assert_close(module.rms(x, w), want)
