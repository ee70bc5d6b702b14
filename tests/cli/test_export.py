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

# Causal attention by hand in torch, with weights from a seeded generator:
# the reference the scripts below run exported programs against.
HAND_ATTENTION = r"""
import math, sys, torch
D, H = 768, 12
g = torch.Generator().manual_seed(0)
w_qkv, w_o = torch.randn(D, 3 * D, generator=g) / 30, torch.randn(D, D, generator=g) / 30


def attention_by_hand(x):
    b, n, _ = x.shape
    q, k, v = (x @ w_qkv).reshape(b, n, 3, H, D // H).permute(2, 0, 3, 1, 4)
    att = (q @ k.transpose(-1, -2)) / math.sqrt(D // H)
    att = att.masked_fill(~torch.ones(n, n, dtype=torch.bool).tril(), -math.inf).softmax(-1)
    return (att @ v).permute(0, 2, 1, 3).reshape(b, n, D) @ w_o
"""

# Loads the .pt2 with torch alone and runs it at several sizes against
# attention by hand; prints the largest difference.
LOAD_AND_COMPARE = (
    HAND_ATTENTION
    + r"""
program = torch.export.load(sys.argv[1]).module()
worst = 0.0
for b, n in [(2, 2), (3, 5), (1, 1), (5, 1), (1, 9)]:
    x = torch.randn(b, n, D, generator=g)
    hand = attention_by_hand(x)
    got = program(x, w_qkv, w_o)
    assert got.shape == hand.shape, (got.shape, hand.shape)
    worst = max(worst, ((got - hand).abs().max() / hand.abs().max()).item())
assert "shapescript" not in sys.modules and "einops" not in sys.modules, sorted(sys.modules)
print(worst)
"""
)


def python():
    return os.environ.get("SHAPESCRIPT_PYTHON") or sys.executable


def exported(ss, source, out, *options):
    """`shapescript export SOURCE -o OUT OPTIONS...`, which must succeed."""
    result = ss.run("export", source, "-o", out, *options, "--python", python(), timeout=600)
    assert result.returncode == 0, result.stderr.decode()


def run_with_torch(script, *args):
    """`script` in a Python of its own (torch alone), which must succeed: its output."""
    ran = subprocess.run([python(), "-c", script, *map(str, args)], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_attention_exports_and_runs_with_torch_alone_at_any_b_and_n_from_1(ss):
    source = ss.write("attention.ss", ATTENTION)
    result = ss.run("export", source, "--fn", "causal_attention", "--python", python(), timeout=600)
    assert result.returncode == 0, result.stderr.decode()
    written = source.with_suffix(".pt2")  # -o defaults to the input with .pt2
    assert written.exists()
    assert float(run_with_torch(LOAD_AND_COMPARE, written)) < 1e-5
    # No example inputs in the file (seed 001): the traced weights alone are
    # 9.4 MB (768 x 3072 floats), the program a few dozen KB.
    assert written.stat().st_size < 200_000, written.stat().st_size
    check = "import sys, torch; assert torch.export.load(sys.argv[1]).example_inputs is None"
    run_with_torch(check, written)


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
        "for c, gh, gw in [(3, 2, 5), (2, 3, 2), (4, 1, 3), (1, 1, 1)]:\n"
        "    img, w = torch.randn(c, 4 * gh, 4 * gw), torch.randn(c * 16, 8)\n"
        "    hand = img.reshape(c, gh, 4, gw, 4).permute(1, 3, 0, 2, 4).reshape(gh * gw, c * 16) @ w\n"
        "    torch.testing.assert_close(p(img, w), hand)\n"
    )
    run_with_torch(check, out)


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
    # torch's error (a loop whose state changes size at each step, which a
    # torch.while_loop can't carry): exit 1, shown, and the older output as it was.
    branchy = ss.write(
        "branchy.ss",
        "fn pos(x: [n]) -> [?k]:\n    return x[x > 0.0]\n\n"
        "export fn a(x: [n]) -> [?k]:\n    y = pos(x)\n    for t in 0..n:\n        y = pos(y - 1.0)\n    return y\n",
    )
    result = ss.run("export", branchy, "-o", old, "--python", python(), timeout=600)
    assert result.returncode == 1 and "torch couldn't export `a`" in result.stderr.decode(), result.stderr.decode()
    assert old.read_bytes() == b"older output"
    result = ss.run("export", branchy, "-o", old, "--python", "/nonexistent/python")
    assert result.returncode == 2 and "can't start Python" in result.stderr.decode()


# Runs examples/exported.ss's three exports, and the patch embedding's, with torch alone, at several
# sizes of each generic axis (1 among them), against torch by hand.
EXAMPLES_AGAINST_TORCH = r"""
import sys, torch
folder = sys.argv[1]
load = lambda name: torch.export.load("%s/%s.pt2" % (folder, name)).module()
g = torch.Generator().manual_seed(0)
patches = load("first_image_patches")
for b in (1, 2, 3):
    tokens = torch.randn(b, 196, 768, generator=g)
    assert torch.equal(patches(tokens), tokens[0])
tokens[0, 5] = 0.0  # an empty patch: `as [N D]` fails where the program runs
try:
    patches(tokens)
    sys.exit("an image with an empty patch passed `as [N D]`")
except RuntimeError:
    pass
clip = load("clip_norm_to")  # torch.cond
for n in (1, 2, 7):
    for spread in (0.01, 1.0):  # under the limit, and over it
        x = torch.randn(n, 768, generator=g) * spread
        norm = x.pow(2).sum().sqrt()
        torch.testing.assert_close(clip(x), x * (10.0 / norm) if norm > 10.0 else x, atol=1e-5, rtol=1e-5)
recurrent = load("recurrent_state")  # torch.while_loop
w = torch.randn(768, 768, generator=g) / 30
for n in (1, 2, 9):
    x = torch.randn(n, 768, generator=g)
    h = torch.zeros(768)
    for t in range(n):
        h = torch.tanh(h @ w + x[t])
    torch.testing.assert_close(recurrent(x, w), h, atol=1e-5, rtol=1e-5)
patches = load("patches")  # examples/patch_embedding.ss: (gh 16) and (gw 16) are derived dims
for b, gh, gw in ((2, 3, 2), (1, 1, 1), (1, 2, 5)):
    image = torch.randn(b, 3, 16 * gh, 16 * gw, generator=g)
    hand = image.reshape(b, 3, gh, 16, gw, 16).permute(0, 2, 4, 1, 3, 5).reshape(b, gh * gw, 768)
    assert torch.equal(patches(image), hand)
assert "shapescript" not in sys.modules and "einops" not in sys.modules, sorted(sys.modules)
"""


def test_the_examples_export_with_cond_loops_and_as_checks(ss):
    exports = [(REPO / "examples" / "patch_embedding.ss", "patches")]
    exports += [
        (REPO / "examples" / "exported.ss", n) for n in ("first_image_patches", "clip_norm_to", "recurrent_state")
    ]
    for source, name in exports:
        exported(ss, source, ss.tmp / (name + ".pt2"), "--fn", name)
    run_with_torch(EXAMPLES_AGAINST_TORCH, ss.tmp)


def test_traced_control_flow_in_the_export_module(ss):
    """An `if` is `_ss_rt.branch` over functions of what it changes, an
    `elif` the `else` branch's own; a loop to a size `_ss_rt.loop`."""
    module = ss.tmp / "flow_export.py"
    source = REPO / "examples" / "exported.ss"
    assert ss.run("export", source, "--fn", "clip_norm_to", "--emit-python", module).returncode == 0
    text = module.read_text()
    assert "def _ss_then_1(y):" in text and "def _ss_else_1(y):" in text
    assert "(y,) = _ss_rt.branch(" in text and ", _ss_then_1, _ss_else_1, (y,))" in text
    assert "(h,) = _ss_rt.loop(0, _ss_n, _ss_body_" in text


MIXED = """dim D = 8

fn shrink(x: [n D]) -> [n D]:
    return x * 0.5

export fn mixed(x: [n D]) -> [n D]:
    y = x
    steps = 0
    if sum(sum(x, over=n), over=D) > 0.0:
        z = shrink(x)
        for i in 0..n:
            steps += 1
    elif n > 4:
        z = x - 1.0
        steps = 2
    else:
        z = x + 1.0
    return y + z * steps
"""

MIXED_BY_HAND = r"""
import sys, torch
program = torch.export.load(sys.argv[1]).module()
for n in (1, 3, 6):
    for sign in (1, -1):
        x = torch.rand(n, 8) * sign
        if x.sum() > 0:
            z, steps = x * 0.5, n
        elif n > 4:
            z, steps = x - 1.0, 2
        else:
            z, steps = x + 1.0, 0
        torch.testing.assert_close(program(x), x + z * steps)
"""


def test_an_elif_on_a_size_and_a_loop_inside_a_branch(ss):
    """A `[] Mask` condition, then one on a dynamic size (`n > 4`), a name
    every branch assigns (`z`), an int a loop to `n` counts inside a branch."""
    source = ss.write("mixed.ss", MIXED)
    out = ss.tmp / "mixed.pt2"
    exported(ss, source, out)
    run_with_torch(MIXED_BY_HAND, out)


LOOP_NAMES = """dim D = 4

export fn accumulate(x: [n D]) -> [n D]:
    y = x
    for i in 0..3:
        z = y * 2.0
        y = z + 1.0
    return y + z * i
"""

LOOP_NAMES_BY_HAND = r"""
import sys, torch
program = torch.export.load(sys.argv[1]).module()
for n in (1, 2, 5):
    x = torch.randn(n, 4)
    y = x
    for i in range(3):
        z = y * 2.0
        y = z + 1.0
    torch.testing.assert_close(program(x), y + z * i)
"""


def test_a_loop_that_defines_a_name_and_its_variable_seen_after_it(ss):
    """What a loop defines, and its variable, are seen after it, as in
    Python (issue 32: NameError while tracing); where its end only the run
    knows, that is refused, saying what to do."""
    source = ss.write("loop_names.ss", LOOP_NAMES)
    out = ss.tmp / "loop_names.pt2"
    exported(ss, source, out)
    run_with_torch(LOOP_NAMES_BY_HAND, out)
    dynamic = ss.write("dynamic.ss", LOOP_NAMES.replace("0..3", "0..n"))
    result = ss.run("export", dynamic, "-o", ss.tmp / "dynamic.pt2", "--python", python(), timeout=600)
    assert result.returncode == 1 and b"give it a value before the loop" in result.stderr, result.stderr
    assert not (ss.tmp / "dynamic.pt2").exists()


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
    exported(ss, source, out, "--checks", "always")
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
    run_with_torch(check, out)


def test_a_value_check_is_an_assert_inside_the_program(ss):
    source = ss.write(
        "lookup.ss",
        "dim V = 50\ndim D = 16\n\nexport fn lookup(ids: [b n] Index[V], table: [V D]) -> [b n D]:\n"
        "    return embedding(ids, table)\n",
    )
    checked, unchecked = ss.tmp / "checked.pt2", ss.tmp / "unchecked.pt2"
    exported(ss, source, checked)
    exported(ss, source, unchecked, "--value-checks", "never")
    check = (
        "import sys, torch\n"
        "asserts = lambda p: [n for n in p.graph.nodes if 'assert_async' in str(n.target)]\n"
        "checked, unchecked = torch.export.load(sys.argv[1]), torch.export.load(sys.argv[2])\n"
        "assert len(asserts(checked)) == 1 and asserts(unchecked) == []\n"
        "table = torch.randn(50, 16)\n"
        "for b, n in ((1, 1), (2, 5), (3, 2)):\n"
        "    ids = torch.randint(0, 50, (b, n))\n"
        "    assert torch.equal(checked.module()(ids, table), table[ids])\n"
        "ids[0, 1] = 50\n"
        "try:\n"
        "    checked.module()(ids, table)\n"
        "except RuntimeError as e:\n"
        "    assert 'lookup(): argument `ids`: expected Index[50] values in 0..50' in str(e), str(e)\n"
        "    sys.exit(0)\n"
        "sys.exit('an id of 50 passed Index[50]')\n"
    )
    run_with_torch(check, checked, unchecked)


def test_a_parameter_named_self_exports(ss):
    # The wrapper Module's own `self` must not meet a parameter of that name.
    source = ss.write("scaled.ss", "export fn scaled(self: [n], by: [n]) -> [n]:\n    return self * by\n")
    out = ss.tmp / "scaled.pt2"
    exported(ss, source, out)
    check = (
        "import sys, torch\n"
        "p = torch.export.load(sys.argv[1]).module()\n"
        "a, b = torch.randn(5), torch.randn(5)\n"
        "assert torch.equal(p(a, b), a * b)\n"
    )
    run_with_torch(check, out)
