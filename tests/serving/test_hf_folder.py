"""`shapescript export --hf DIR` (docs/export.md, "Hugging Face folders"):
the folder transformers loads with trust_remote_code gives the source's
results, for the language model examples (their serving form: embed_tokens,
lm_head, one attention layer per attention run) and for a model that isn't
one (the function itself); bad input is refused with nothing written.

The folders are loaded in a process of their own, with Hugging Face's
caches in the test's folder and no network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from serving_engines import engine_env, requires_transformers, run_export

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
pytestmark = requires_transformers


export = run_export


def run_python(tmp_path, script, *args):
    """`script` in a python of this venv, with the runtime importable (for
    the source's results) and the test's own Hugging Face caches."""
    env = engine_env(tmp_path)
    env["PYTHONPATH"] = str(REPO / "runtime")
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), *map(str, args)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


# The folder's logits against the source's, at several sizes, and greedy
# generation without a cache against the source's argmax, step by step.
COMPARE_LM = """
import json, sys
import torch
import shapescript
from transformers import AutoModelForCausalLM

source, folder, model_name, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
module = shapescript.load(source)
model = getattr(module, model_name)(seed=seed)
hf = AutoModelForCausalLM.from_pretrained(folder, trust_remote_code=True).eval()
worst = 0.0
torch.manual_seed(0)
for b, n in ((2, 7), (1, 1), (3, 4)):
    ids = torch.randint(0, module.V, (b, n))
    pos = torch.arange(n).expand(b, n)
    with torch.no_grad():
        want = module.forward(model, ids, pos)
        got = hf(input_ids=ids, position_ids=pos).logits
        got_default_positions = hf(input_ids=ids).logits
    assert got.shape == want.shape, (got.shape, want.shape)
    scale = want.abs().max().item()
    for logits in (got, got_default_positions):
        worst = max(worst, (logits - want).abs().max().item() / scale)
prompt = torch.tensor([[3, 1, 4, 1, 5]])
with torch.no_grad():
    generated = hf.generate(prompt, max_new_tokens=4, do_sample=False, use_cache=False)[0, 5:].tolist()
    sequence, greedy = prompt, []
    for _ in range(4):
        logits = module.forward(model, sequence, torch.arange(sequence.shape[1])[None])
        token = int(logits[0, -1].argmax())
        greedy.append(token)
        sequence = torch.cat([sequence, torch.tensor([[token]])], dim=1)
print(json.dumps({"worst": worst, "generated": generated, "greedy": greedy}))
"""


# split/gpt2 is GPT-2 in two files: the folder's code embeds the imported
# file's module (docs/modules.md), and needs no compiler either.
@pytest.mark.parametrize(
    "example, model, layers, tied",
    [("llama", "Llama", 4, False), ("gpt2", "Gpt2", 2, True), ("split/gpt2", "Gpt2", 2, True)],
)
def test_the_language_model_examples_make_folders_transformers_runs(tmp_path, example, model, layers, tied):
    folder = tmp_path / (example.replace("/", "_") + "_hf")
    result = export(tmp_path, EXAMPLES / (example + ".ss"), "--hf", folder, "--seed", "3", "--vllm")
    assert "wrote" in result.stdout
    assert sorted(p.name for p in folder.iterdir()) == [
        "config.json",
        "generation_config.json",
        "model.safetensors",
        "modeling_shapescript.py",
    ]
    config = json.loads((folder / "config.json").read_text())
    assert config["shapescript"]["vllm"] is True and config["shapescript"]["unservable"] is None
    assert config["architectures"] == ["ShapeScriptForCausalLM"]
    assert config["num_hidden_layers"] == layers and config["tie_word_embeddings"] is tied
    assert config["use_cache"] is False
    assert len(config["attention_scales"]) == layers
    assert config["attention_scales"][0] == pytest.approx(config["head_dim"] ** -0.5)
    assert set(config["auto_map"]) == {"AutoConfig", "AutoModel", "AutoModelForCausalLM"}
    from safetensors import safe_open

    with safe_open(folder / "model.safetensors", "pt") as f:
        names = set(f.keys())
    assert "model.embed_tokens.weight" in names
    assert ("lm_head.weight" in names) is not tied
    assert all(n.startswith("model.") or n == "lm_head.weight" for n in names)
    # The modeling file needs torch, einops and transformers alone.
    modeling = (folder / "modeling_shapescript.py").read_text()
    assert "import shapescript" not in modeling and "from shapescript" not in modeling

    compared = run_python(tmp_path, COMPARE_LM, EXAMPLES / (example + ".ss"), folder, model, 3)
    assert compared["worst"] <= 1e-5, compared
    assert compared["generated"] == compared["greedy"], compared
    if "/" in example:
        # The imported file's module is in the folder's code: it loads and
        # runs with no compiler to build it.
        assert "_ss_rt.embed_modules({" in modeling
        env = dict(engine_env(tmp_path), SHAPESCRIPT_BIN=str(tmp_path / "no-compiler"))
        script = "from transformers import AutoModelForCausalLM as A; import sys, torch\n"
        script += "m = A.from_pretrained(sys.argv[1], trust_remote_code=True)\n"
        script += "print(m(input_ids=torch.tensor([[1, 2, 3]])).logits.shape)"
        alone = subprocess.run(
            [sys.executable, "-c", script, str(folder)], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert alone.returncode == 0, alone.stderr


COMPARE_MODEL = """
import json, sys
import torch
import shapescript
from transformers import AutoModel

source, folder = sys.argv[1], sys.argv[2]
module = shapescript.load(source)
model = module.Vit(seed=5)
hf = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
image = torch.randn(2, module.C, module.S, module.S)
with torch.no_grad():
    want = module.classify(model, image)
    got = hf(image)
print(json.dumps({"difference": (got - want).abs().max().item(), "shape": list(got.shape)}))
"""


def test_a_model_that_isnt_a_language_model_exports_for_transformers_with_a_note(tmp_path):
    source = EXAMPLES / "vit.ss"
    result = export(tmp_path, source, "--hf", tmp_path / "vit_hf", "--fn", "classify", "--seed", "5")
    assert "info[E3301]" in result.stderr and "for transformers only" in result.stderr, result.stderr
    config = json.loads((tmp_path / "vit_hf" / "config.json").read_text())
    assert config["shapescript"]["vllm"] is False
    assert config["shapescript"]["unservable"].startswith("E3301: ")
    assert config["architectures"] == ["ShapeScriptModel"] and "AutoModelForCausalLM" not in config["auto_map"]
    compared = run_python(tmp_path, COMPARE_MODEL, source, tmp_path / "vit_hf")
    assert compared["shape"] == [2, 10] and compared["difference"] <= 1e-6, compared


def test_vllm_makes_a_broken_serving_rule_an_error_and_writes_nothing(tmp_path):
    result = export(tmp_path, EXAMPLES / "vit.ss", "--fn", "classify", "--hf", tmp_path / "out", "--vllm", check=False)
    assert result.returncode == 1 and "error[E3301]" in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


def test_a_function_without_a_model_first_is_e3306(tmp_path):
    source = tmp_path / "plain.ss"
    source.write_text("export fn forward(x: [b 4]) -> [b 4]:\n    return x * 2.0\n")
    result = export(tmp_path, source, "--hf", tmp_path / "out", check=False)
    assert result.returncode == 1 and "error[E3306]" in result.stderr, result.stderr
    assert "`x: [b 4]` first" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--dtype", "float8"], "--dtype expects float32, bfloat16 or float16"),
        (["--max-len", "0"], "--max-len expects a positive whole number"),
        (["--vllm", "-o", "x.pt2"], "--hf writes a folder"),
    ],
)
def test_bad_options_are_usage_errors(tmp_path, args, message):
    result = export(tmp_path, EXAMPLES / "llama.ss", "--hf", tmp_path / "out", *args, check=False)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


def test_options_of_a_folder_without_hf_are_usage_errors(tmp_path):
    for option in (["--vllm"], ["--tokenizer", "tok"], ["--no-verify"]):
        result = export(tmp_path, EXAMPLES / "llama.ss", *option, check=False)
        assert result.returncode == 2 and "--hf" in result.stderr, result.stderr


def test_an_output_that_exists_is_refused_and_left_as_it_was(tmp_path):
    existing = tmp_path / "existing"
    existing.mkdir()
    (existing / "keep.txt").write_text("mine")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for output in (existing, fifo, EXAMPLES / "llama.ss"):
        result = export(tmp_path, EXAMPLES / "llama.ss", "--hf", output, check=False)
        assert result.returncode == 2, result.stderr
    assert (existing / "keep.txt").read_text() == "mine" and fifo.is_fifo()


def test_weights_of_another_model_and_a_missing_tokenizer_leave_nothing_behind(tmp_path):
    source = tmp_path / "lin.ss"
    source.write_text(
        "dim D = 4\n\nmodel Lin:\n    w: [D D] = normal(0.1)\n\nmodel Other:\n    v: [D] = zeros\n\n"
        "export fn forward(m: Lin, x: [b D]) -> [b D]:\n    return x @ m.w\n"
    )
    run_python(
        tmp_path,
        """
        import json, sys
        import shapescript
        from shapescript import checkpoint
        module = shapescript.load(sys.argv[1])
        checkpoint.save(sys.argv[2], module.Other(seed=1))
        print(json.dumps(True))
        """,
        source,
        tmp_path / "other.safetensors",
    )
    result = export(tmp_path, source, "--hf", tmp_path / "a", "--weights", tmp_path / "other.safetensors", check=False)
    assert result.returncode == 2 and "holds no Lin" in result.stderr, result.stderr
    result = export(tmp_path, source, "--hf", tmp_path / "b", "--tokenizer", tmp_path, check=False)
    assert result.returncode == 2 and "holds no tokenizer" in result.stderr, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "hf-home") == ["lin.ss", "other.safetensors"]


def test_export_hf_from_python_takes_a_model_as_weights_and_raises_the_clis_errors(tmp_path, monkeypatch):
    for name, value in engine_env(tmp_path).items():
        if name.startswith(("HF_", "TRANSFORMERS_")):
            monkeypatch.setenv(name, value)
    import torch
    from safetensors.torch import load_file

    import shapescript

    module = shapescript.load(EXAMPLES / "gpt2.ss")
    model = module.Gpt2(seed=9)
    config = shapescript.export_hf(EXAMPLES / "gpt2.ss", tmp_path / "g", weights=model, vllm=True, max_len=64)
    assert config["shapescript"]["vllm"] is True and config["tie_word_embeddings"] is True
    assert config["max_position_embeddings"] == 64
    saved = load_file(tmp_path / "g" / "model.safetensors")
    assert torch.equal(saved["model.embed_tokens.weight"], model.wte.detach())
    assert torch.equal(saved["model.wpe"], model.wpe.detach())
    with pytest.raises(ValueError, match="exists"):
        shapescript.export_hf(EXAMPLES / "gpt2.ss", tmp_path / "g")
    plain = tmp_path / "plain.ss"
    plain.write_text("export fn forward(x: [b 4]) -> [b 4]:\n    return x * 2.0\n")
    with pytest.raises(shapescript.ShapeScriptError, match="E3306"):
        shapescript.export_hf(plain, tmp_path / "p")
    with pytest.raises(ValueError, match="seed"):
        shapescript.export_hf(plain, tmp_path / "p", seed=-1)


@pytest.mark.parametrize("dtype, torch_name", [("bfloat16", "bfloat16"), ("float16", "float16")])
def test_a_folder_in_a_lower_precision_is_verified_to_5e_2(tmp_path, dtype, torch_name):
    folder = tmp_path / "llama_low"
    export(tmp_path, EXAMPLES / "llama.ss", "--hf", folder, "--dtype", dtype, "--seed", "3")
    assert json.loads((folder / "config.json").read_text())["dtype"] == dtype
    from safetensors import safe_open

    with safe_open(folder / "model.safetensors", "pt") as f:
        assert str(f.get_tensor("model.wq").dtype) == "torch." + torch_name
    compared = run_python(
        tmp_path,
        """
        import json, sys
        import torch
        import shapescript
        from transformers import AutoModelForCausalLM

        module = shapescript.load(sys.argv[1])
        model = module.Llama(seed=3)
        hf = AutoModelForCausalLM.from_pretrained(sys.argv[2], trust_remote_code=True, dtype="auto").eval()
        ids = torch.randint(0, module.V, (2, 9), generator=torch.Generator().manual_seed(1))
        pos = torch.arange(9).expand(2, 9)
        with torch.no_grad():
            want = module.forward(model, ids, pos)
            got = hf(input_ids=ids, position_ids=pos).logits
        relative = ((got.float() - want).abs().max() / want.abs().max()).item()
        print(json.dumps({"dtype": str(got.dtype), "relative": relative}))
        """,
        EXAMPLES / "llama.ss",
        folder,
    )
    assert compared["dtype"] == "torch." + torch_name and compared["relative"] <= 5e-2, compared


def test_a_tokenizer_is_copied_into_the_folder(tmp_path):
    from trained import byte_level_bpe

    tokenizer = byte_level_bpe(tmp_path / "tok")
    folder = tmp_path / "g"
    export(tmp_path, EXAMPLES / "gpt2.ss", "--hf", folder, "--tokenizer", tmp_path / "tok", "--no-verify")
    assert (folder / "tokenizer.json").read_bytes() == (tmp_path / "tok" / "tokenizer.json").read_bytes()
    from transformers import PreTrainedTokenizerFast

    loaded = PreTrainedTokenizerFast(tokenizer_file=str(folder / "tokenizer.json"))
    assert loaded("the quick fox")["input_ids"] == tokenizer.encode("the quick fox").ids
