"""Programs of several .ss files (docs/modules.md): each file is its own
generated module, the importer's calls reach the imported functions, the
numbers are what PyTorch by hand gives, and a changed module is built
again for its importers."""

import os
import subprocess

import pytest
import torch
import torch.nn.functional as F

import shapescript
from conftest import compiler

LAYERS = """\
dim D = 16
dim F = 4 * D

model Block:
    w1: [F D] = normal(0.02)
    w2: [D F] = normal(0.02)

fn block(m: Block, x: [b n D]) -> [b n D]:
    return x + (x |> linear(m.w1) |> gelu |> linear(m.w2))
"""

MAIN = """\
import layers
from layers import D, Block as B

dim V = 32

model Net:
    emb: [V D] = normal(0.02)
    first: layers.Block
    second: B

export fn forward(m: Net, ids: [b n] Index[V]) -> [b n layers.D]:
    x = embedding(ids, m.emb)
    x = layers.block(m.first, x)
    return layers.block(m.second, x)
"""


@pytest.fixture
def program(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPESCRIPT_BIN", str(compiler()))
    monkeypatch.setenv("SHAPESCRIPT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "layers.ss").write_text(LAYERS)
    (tmp_path / "main.ss").write_text(MAIN)
    return tmp_path


def block_by_hand(b, x):
    return x + F.linear(F.gelu(F.linear(x, b.w1)), b.w2)


def test_two_files_match_pytorch(program):
    main = shapescript.load(program / "main.ss", name="modules_two_files")
    net = main.Net.init(seed=0)
    ids = torch.randint(0, 32, (2, 5))
    x = F.embedding(ids, net.emb)
    assert torch.equal(main.forward(net, ids), block_by_hand(net.second, block_by_hand(net.first, x)))
    # One module per file, shared: the model class is the imported one's.
    assert type(net.first) is main.B
    assert main.B.__module__ != main.__name__


def test_a_changed_module_is_built_again(program):
    first = shapescript.load(program / "main.ss", name="modules_changed")
    assert first.D == 16
    (program / "layers.ss").write_text(LAYERS.replace("dim D = 16", "dim D = 8"))
    second = shapescript.load(program / "main.ss", name="modules_changed")
    assert second.D == 8
    net = second.Net.init(seed=0)
    assert second.forward(net, torch.randint(0, 32, (1, 3))).shape == (1, 3, 8)


def test_a_package_module(program):
    (program / "nn").mkdir()
    # Its own import finds layers.ss in the program's folder, as Python's would.
    (program / "nn" / "heads.ss").write_text(
        "from layers import D\n\ndim H = 4\n\nfn split(x: [b n D]) -> [b H n D/H]:\n"
        "    return x |> rearrange(b n (H d) -> b H n d)\n"
    )
    (program / "use.ss").write_text(
        "import nn.heads\nimport layers\n\nfn go(x: [b n layers.D]) -> [b nn.heads.H n 4]:\n"
        "    return nn.heads.split(x)\n"
    )
    use = shapescript.load(program / "use.ss", name="modules_package")
    x = torch.randn(2, 3, 16)
    assert torch.equal(use.go(x), x.reshape(2, 3, 4, 4).permute(0, 2, 1, 3))


def test_build_says_which_module_is_missing(program):
    (program / "lost.ss").write_text("import nowhere\n")
    r = subprocess.run([str(compiler()), "build", str(program / "lost.ss"), "-o", "-"], capture_output=True, text=True)
    assert r.returncode == 1
    assert "E0109" in r.stderr and "nowhere.ss" in r.stderr


def test_path_option_and_environment_find_modules(program, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (program / "layers.ss").rename(shared / "layers.ss")
    check = [str(compiler()), "check", str(program / "main.ss")]
    assert subprocess.run(check, capture_output=True).returncode == 1
    assert subprocess.run(check + ["--path", str(shared)], capture_output=True).returncode == 0
    env = dict(os.environ, SHAPESCRIPT_PATH=str(shared))
    assert subprocess.run(check, capture_output=True, env=env).returncode == 0


def test_a_notebook_cell_imports_the_folders_modules(program, monkeypatch):
    from shapescript import magic

    monkeypatch.chdir(program)
    namespace = {}
    magic.run_cell("", "import layers\n\nfn twice(x: [b layers.D]) -> [b layers.D]:\n    return x * 2.0\n", namespace)
    x = torch.randn(3, 16)
    assert torch.equal(namespace["twice"](x), x * 2.0)


def test_python_calls_on_workers_find_the_modules_where_load_did(program, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (program / "layers.ss").rename(shared / "layers.ss")
    main = shapescript.load(program / "main.ss", name="modules_on_workers", devices="cpu*2", search=[shared])
    net = main.Net.init(seed=0)
    ids = torch.randint(0, 32, (4, 5))
    x = F.embedding(ids, net.emb)
    assert torch.equal(main.forward(net, ids), block_by_hand(net.second, block_by_hand(net.first, x)))


def test_run_finds_modules_on_its_path(program, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (program / "layers.ss").rename(shared / "layers.ss")
    (program / "show.ss").write_text("import layers\n\nfn main():\n    print(layers.F)\n")
    run = [str(compiler()), "run", str(program / "show.ss"), "--sinks", "", "--log-dir", str(tmp_path / "logs")]
    lost = subprocess.run(run, capture_output=True, text=True)
    assert lost.returncode == 1 and "E0109" in lost.stderr
    found = subprocess.run(run + ["--path", str(shared)], capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip().endswith("64")
