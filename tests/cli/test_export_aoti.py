"""`shapescript export --aoti` (docs/export.md): the README's attention as an
AOTInductor package, run by torch._inductor.aoti_load_package in a Python
that imports neither ShapeScript nor einops, at several b and n, against
attention by hand; and by the C++ loader (runtime/loader/aoti_run.cpp,
built against the venv's libtorch), against Python's outputs."""

import subprocess

import pytest

from test_export import ATTENTION, HAND_ATTENTION, python, run_with_torch

# Runs the package at several sizes against attention by hand, and saves
# each size's inputs and outputs for the C++ loader (folder/in_K.pt, py_K.pt).
RUN_IN_PYTHON = (
    HAND_ATTENTION
    + r"""
package, folder = sys.argv[1], sys.argv[2]
program = torch._inductor.aoti_load_package(package)
for k, (b, n) in enumerate([(2, 3), (1, 7), (4, 2)]):
    x = torch.randn(b, n, D, generator=g)
    hand = attention_by_hand(x)
    got = program(x, w_qkv, w_o)
    assert ((got - hand).abs().max() / hand.abs().max()).item() < 1e-5
    torch.save([x, w_qkv, w_o], "%s/in_%d.pt" % (folder, k))
    torch.save([got], "%s/py_%d.pt" % (folder, k))
assert "shapescript" not in sys.modules and "einops" not in sys.modules, sorted(sys.modules)
"""
)

# Inputs in another layout than the example's (a transposed weight, a
# sliced x): the package reads memory in the example's layout, so the C++
# loader makes them contiguous first (folder/odd.pt, hand.pt).
ODD_LAYOUT = (
    HAND_ATTENTION
    + r"""
folder = sys.argv[1]
x = torch.randn(2, 10, D, generator=g)[:, ::2]
w_o_t = w_o.t().contiguous().t()
assert not x.is_contiguous() and not w_o_t.is_contiguous() and torch.equal(w_o_t, w_o)
torch.save([x, w_qkv, w_o_t], "%s/odd.pt" % folder)
torch.save([attention_by_hand(x)], "%s/hand.pt" % folder)
"""
)

SAME_AS_HAND = r"""
import sys, torch
got, hand = torch.load("%s/odd_out.pt" % sys.argv[1]), torch.load("%s/hand.pt" % sys.argv[1])
assert ((got[0] - hand[0]).abs().max() / hand[0].abs().max()).item() < 1e-5
"""

SAME_AS_PYTHON = r"""
import sys, torch
for k in range(3):
    cpp, py = torch.load("%s/cpp_%d.pt" % (sys.argv[1], k)), torch.load("%s/py_%d.pt" % (sys.argv[1], k))
    assert isinstance(cpp, tuple) and len(cpp) == len(py) == 1
    torch.testing.assert_close(cpp[0], py[0], rtol=1e-6, atol=1e-6)
"""


@pytest.fixture(scope="module")
def package(tmp_path_factory, bin_dir):
    """The attention package, compiled once for the tests here (about 30 s)."""
    folder = tmp_path_factory.mktemp("aoti")
    source = folder / "attention.ss"
    source.write_text(ATTENTION)
    out = folder / "attention.pt2"
    result = subprocess.run(
        [str(bin_dir / "shapescript"), "export", str(source), "--fn", "causal_attention", "--aoti", "-o", str(out)]
        + ["--python", python()],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    return out


def test_the_package_runs_from_python_and_from_cpp(package, bin_dir, tmp_path):
    run_with_torch(RUN_IN_PYTHON, package, tmp_path)
    loader = bin_dir / "shapescript-aoti-run"
    assert loader.exists(), "no %s: the build makes it against the venv's torch (runtime/loader)" % loader
    for k in range(3):
        args = [str(loader), str(package), str(tmp_path / ("in_%d.pt" % k)), str(tmp_path / ("cpp_%d.pt" % k))]
        result = subprocess.run(args, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr
    run_with_torch(SAME_AS_PYTHON, tmp_path)


def test_the_loader_says_what_went_wrong(bin_dir, tmp_path, package):
    loader = str(bin_dir / "shapescript-aoti-run")
    usage = subprocess.run([loader, str(package)], capture_output=True, text=True, timeout=60)
    assert usage.returncode == 2 and "usage: shapescript-aoti-run" in usage.stderr
    missing = subprocess.run(
        [loader, str(package), str(tmp_path / "none.pt"), str(tmp_path / "out.pt")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert missing.returncode == 1 and "can't read" in missing.stderr, missing.stderr
    assert not (tmp_path / "out.pt").exists()


def test_the_loader_takes_inputs_in_any_layout(package, bin_dir, tmp_path):
    run_with_torch(ODD_LAYOUT, tmp_path)
    args = [str(package), str(tmp_path / "odd.pt"), str(tmp_path / "odd_out.pt")]
    result = subprocess.run([str(bin_dir / "shapescript-aoti-run")] + args, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    run_with_torch(SAME_AS_HAND, tmp_path)
