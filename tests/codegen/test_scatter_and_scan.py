"""Writing into tensors by position (issue 37 point 2), against torch by
hand: scatter_add and index_add with the axis by name (messages summed
into their nodes), and a loop that collects its outputs with
select_scatter: a scan, plain and exported."""

import subprocess

import torch

PROGRAM = """
dim N = 6
dim E = 10
dim D = 4
dim T = 5

fn summed(x: [N D], index: [N D] Index[N], src: [N D]) -> [N D]:
    return scatter_add(x, index, src, over=N)

fn messages(nodes: [N D], to: [E] Index[N], sent: [E D]) -> [N D]:
    return index_add(nodes, to, sent, over=N)

fn scan(xs: [T b D], w: [D D], h0: [b D]) -> [T b D]:
    ys = zeros([T b D])
    h = h0
    for i in 0..T:
        h = tanh(h @ w + xs[T: i])
        ys = select_scatter(ys, h, i, over=T)
    return ys
"""


def by_hand_scan(xs, w, h0):
    h, ys = h0, []
    for x in xs:
        h = torch.tanh(h @ w + x)
        ys.append(h)
    return torch.stack(ys)


def test_scatter_add_and_index_add_are_torchs(build):
    module = build(PROGRAM)
    x, src = torch.randn(6, 4), torch.randn(6, 4)
    index = torch.randint(0, 6, (6, 4))
    assert torch.equal(module.summed(x, index, src), torch.scatter_add(x, 0, index, src))
    nodes, sent = torch.randn(6, 4), torch.randn(10, 4)
    to = torch.randint(0, 6, (10,))
    assert torch.equal(module.messages(nodes, to, sent), torch.index_add(nodes, 0, to, sent))


def test_a_loop_collects_its_outputs(build):
    module = build(PROGRAM)
    xs, w, h0 = torch.randn(5, 3, 4), torch.randn(4, 4), torch.randn(3, 4)
    torch.testing.assert_close(module.scan(xs, w, h0), by_hand_scan(xs, w, h0), rtol=0, atol=0)
    # Gradients flow through each written slice.
    w = w.requires_grad_()
    (grad,) = torch.autograd.grad(module.scan(xs, w, h0).sum(), w)
    (want,) = torch.autograd.grad(by_hand_scan(xs, w, h0).sum(), w)
    torch.testing.assert_close(grad, want)


def test_an_exported_scan_runs_at_other_batch_sizes(build, tmp_path):
    from conftest import compiler

    source = tmp_path / "scan.ss"
    source.write_text(PROGRAM.replace("fn scan", "export fn scan"))
    out = tmp_path / "scan.pt2"
    result = subprocess.run(
        [str(compiler()), "export", str(source), "--fn", "scan", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    program = torch.export.load(str(out)).module()
    for b in (2, 7):
        xs, w, h0 = torch.randn(5, b, 4), torch.randn(4, 4), torch.randn(b, 4)
        torch.testing.assert_close(program(xs, w, h0), by_hand_scan(xs, w, h0))
