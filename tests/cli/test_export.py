"""`shapescript export` (docs/export.md): the .pt2 it writes runs in a
Python that imports neither ShapeScript nor einops, at several sizes of
each generic axis, against attention written by hand in torch; exit codes
0, 1 and 2; a file with errors writes nothing and leaves an older output as
it was; the export module embeds the runtime rt.py needs."""

import ast
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUNTIME = REPO / "runtime" / "shapescript"

ATTENTION = (REPO / "examples" / "attention.ss").read_text()

# Loads the .pt2 with torch alone and runs it at several sizes against
# causal attention by hand; prints the largest difference.
LOAD_AND_COMPARE = r"""
import math, sys, torch
program = torch.export.load(sys.argv[1]).module()
D, H = 768, 12
g = torch.Generator().manual_seed(0)
w_qkv, w_o = torch.randn(D, 3 * D, generator=g) / 30, torch.randn(D, D, generator=g) / 30
worst = 0.0
for b, n in [(2, 2), (3, 5), (2, 9), (5, 3)]:
    x = torch.randn(b, n, D, generator=g)
    q, k, v = (x @ w_qkv).reshape(b, n, 3, H, D // H).permute(2, 0, 3, 1, 4)
    att = (q @ k.transpose(-1, -2)) / math.sqrt(D // H)
    att = att.masked_fill(~torch.ones(n, n, dtype=torch.bool).tril(), -math.inf).softmax(-1)
    hand = (att @ v).permute(0, 2, 1, 3).reshape(b, n, D) @ w_o
    got = program(x, w_qkv, w_o)
    assert got.shape == hand.shape, (got.shape, hand.shape)
    worst = max(worst, ((got - hand).abs().max() / hand.abs().max()).item())
assert "shapescript" not in sys.modules and "einops" not in sys.modules, sorted(sys.modules)
print(worst)
"""


def python():
    return os.environ.get("SHAPESCRIPT_PYTHON") or sys.executable


def test_attention_exports_and_runs_with_torch_alone_at_any_b_and_n(ss):
    source = ss.write("attention.ss", ATTENTION)
    result = ss.run("export", source, "--fn", "causal_attention", "--python", python(), timeout=600)
    assert result.returncode == 0, result.stderr.decode()
    written = source.with_suffix(".pt2")  # -o defaults to the input with .pt2
    assert written.exists()
    ran = subprocess.run([python(), "-c", LOAD_AND_COMPARE, str(written)], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr
    assert float(ran.stdout) < 1e-5


def test_emit_python_writes_the_module_that_exports(ss):
    source = ss.write("attention.ss", ATTENTION.replace("fn causal_attention", "export fn causal_attention"))
    module = ss.tmp / "attention_export.py"
    result = ss.run("export", source, "--emit-python", module)
    assert result.returncode == 0, result.stderr.decode()
    text = module.read_text()
    assert "import shapescript" not in text  # the runtime is embedded
    assert "class _ss_Program(torch.nn.Module):" in text
    assert '("x", "tensor", (("dim", "b"), ("dim", "n"), ("static", 768)), "f32", None),' in text
    out = ss.tmp / "a.pt2"
    ran = subprocess.run([python(), str(module), "-o", str(out)], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr
    assert out.exists()


def test_derived_dims_from_the_types(ss):
    source = ss.write(
        "patches.ss",
        "dim P = 4\n\nexport fn patches(img: [c (gh P) (gw P)], w: [(c P P) 8]) -> [(gh gw) 8]:\n"
        "    return img |> rearrange(c (gh p) (gw q) -> (gh gw) (c p q), p=P, q=P) |> matmul(w)\n",
    )
    module = ss.tmp / "patches_export.py"
    assert ss.run("export", source, "--emit-python", module).returncode == 0
    text = module.read_text()
    assert '("derived", "gh", 4, 0)' in text and '("derived", "gw", 4, 0)' in text
    out = ss.tmp / "p.pt2"
    ran = subprocess.run([python(), str(module), "-o", str(out)], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr
    check = (
        "import sys, torch\n"
        "p = torch.export.load(sys.argv[1]).module()\n"
        "for c, gh, gw in [(3, 2, 5), (2, 3, 2), (4, 2, 3)]:\n"
        "    img, w = torch.randn(c, 4 * gh, 4 * gw), torch.randn(c * 16, 8)\n"
        "    hand = img.reshape(c, gh, 4, gw, 4).permute(1, 3, 0, 2, 4).reshape(gh * gw, c * 16) @ w\n"
        "    torch.testing.assert_close(p(img, w), hand)\n"
    )
    ran = subprocess.run([python(), "-c", check, str(out)], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr


def test_exit_codes_and_a_file_with_errors_writes_nothing(ss):
    two = ss.write("two.ss", "export fn a(x: [n]) -> [n]:\n    return x\n\nexport fn b(x: [n]) -> [n]:\n    return x\n")
    result = ss.run("export", two)
    assert result.returncode == 2 and "2 export fns (`a`, `b`): choose one with --fn" in result.stderr.decode()
    result = ss.run("export", two, "--fn", "c")
    assert result.returncode == 2 and "no function `c`" in result.stderr.decode()
    none = ss.write("none.ss", "fn a(x: [n]) -> [n]:\n    return x\n")
    assert ss.run("export", none).returncode == 2
    # An unmarked function named by --fn is checked as an exported one.
    printing = ss.write("printing.ss", "fn a(x: [n]) -> [n]:\n    print(x)\n    return x\n")
    old = ss.tmp / "old.pt2"
    old.write_bytes(b"older output")
    result = ss.run("export", printing, "--fn", "a", "-o", old)
    assert result.returncode == 1 and "E1704" in result.stderr.decode() and "nothing written" in result.stderr.decode()
    assert old.read_bytes() == b"older output"
    # torch's error (an `if` on a tensor, not yet a torch.cond): exit 1,
    # shown, and the older output as it was.
    branchy = ss.write(
        "branchy.ss", "export fn a(x: [n]) -> [n]:\n    y = x\n    if sum(x) > 0.0:\n        y = -x\n    return y\n"
    )
    result = ss.run("export", branchy, "-o", old, "--python", python(), timeout=600)
    assert result.returncode == 1 and "torch couldn't export `a`" in result.stderr.decode(), result.stderr.decode()
    assert old.read_bytes() == b"older output"
    result = ss.run("export", branchy, "-o", old, "--python", "/nonexistent/python")
    assert result.returncode == 2 and "can't start Python" in result.stderr.decode()


def _imports(module):
    tree = ast.parse((RUNTIME / (module + ".py")).read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out.update([node.module] if node.module else [a.name for a in node.names])
    return out


def test_the_embedded_runtime_is_rt_and_what_it_imports():
    cmake = (REPO / "CMakeLists.txt").read_text()
    block = cmake.split("set(SS_EMBEDDED_RUNTIME", 1)[1].split(")", 1)[0]
    listed = set(block.split())
    closure, todo = set(), ["rt", "exporting"]
    while todo:
        m = todo.pop()
        if m in closure:
            continue
        closure.add(m)
        todo.extend(_imports(m))
    assert listed == closure


def test_an_as_on_a_selection_is_a_check_inside_the_program(ss):
    source = ss.write(
        "rows.ss",
        "dim D = 4\n\nfn nonempty_rows(x: [n D]) -> [?k D]:\n    keep = sum(x, over=D) > 0.0\n    return x[keep]\n\n"
        "export fn six_rows(x: [n D]) -> [6 D]:\n    return nonempty_rows(x) as [6 D]\n",
    )
    out = ss.tmp / "rows.pt2"
    result = ss.run("export", source, "-o", out, "--checks", "always", "--python", python(), timeout=600)
    assert result.returncode == 0, result.stderr.decode()
    check = (
        "import sys, torch\n"
        "p = torch.export.load(sys.argv[1]).module()\n"
        "x = torch.randn(9, 4).abs()\n"
        "x[[1, 4, 7]] = -1.0\n"
        "assert torch.equal(p(x), x[x.sum(1) > 0])\n"
        "x[0] = -1.0\n"
        "try:\n"
        "    p(x)\n"
        "except RuntimeError:\n"
        "    sys.exit(0)\n"
        "sys.exit('five rows passed the as [6 D] check')\n"
    )
    ran = subprocess.run([python(), "-c", check, str(out)], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr
