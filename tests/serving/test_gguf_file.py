"""`shapescript export --gguf OUT` (docs/export.md, "GGUF files and
llama.cpp"): the architecture and the pairing of fields with its tensors
are found by computing in f64; llama.cpp (llama-cpp-python, built once by
scripts/setup-serving) runs the files of `examples/llama.ss` and `gpt2.ss`,
trained briefly on generated data (trained.py),
with the source's log-probabilities to 1e-3 on the CPU with an f32 cache.
A model no architecture computes is refused, saying why for each, with
nothing written."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

import shapescript
from serving_engines import requires_llama_cpp, run_export
from trained import byte_level_bpe, train

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
PROMPTS = ([1, 2, 3, 4, 5, 6, 7], [9, 8, 7, 300, 11])


export = run_export


def source_log_probs(module, model, prompt):
    with torch.no_grad():
        logits = module.forward(model, torch.tensor([prompt]), torch.arange(len(prompt))[None])[0]
    return torch.log_softmax(logits.double(), -1)


@requires_llama_cpp
# split/gpt2: GPT-2 in two files (docs/modules.md), one GGUF file.
@pytest.mark.parametrize("example", ["llama", "gpt2", "split/gpt2"])
def test_llama_cpp_runs_the_trained_examples_with_the_sources_log_probabilities(tmp_path, example):
    from llama_cpp import Llama

    module, model, first, last = train(example, tmp_path / "trained.safetensors")
    assert last < first * 0.8, (first, last)  # it learnt something: the weights aren't their init
    architecture = example.split("/")[-1]
    out = tmp_path / (architecture + ".gguf")
    result = export(
        tmp_path, EXAMPLES / (example + ".ss"), "--gguf", out, "--weights", tmp_path / "trained.safetensors"
    )
    assert "(architecture %s)" % architecture in result.stdout
    import gguf

    reader = gguf.GGUFReader(str(out))
    arch = bytes(reader.fields["general.architecture"].parts[-1]).decode()
    assert arch == architecture
    names = {t.name for t in reader.tensors}
    assert "token_embd.weight" in names and "blk.0.attn_norm.weight" in names
    assert ("output.weight" in names) is (architecture == "llama")  # gpt2's output is its embedding
    tokens = reader.fields["tokenizer.ggml.tokens"]
    assert bytes(tokens.parts[tokens.data[5]]).decode() == "<|5|>"

    llm = Llama(model_path=str(out), logits_all=True, n_ctx=64, type_k=0, type_v=0, verbose=False)
    for prompt in PROMPTS:
        llm.reset()
        llm.eval(prompt)
        got = torch.log_softmax(torch.tensor(np.array(llm.scores[: len(prompt)]), dtype=torch.float64), -1)
        worst = (got - source_log_probs(module, model, prompt)).abs().max().item()
        assert worst <= 1e-3, (example, prompt, worst)


# llama.ss with GELU in place of SiLU: llama's norm and tensors, but no
# pairing computes it; gpt2's norm is another.
def test_a_model_no_architecture_computes_is_refused_with_each_reason(tmp_path):
    source = tmp_path / "gelu_llama.ss"
    source.write_text((EXAMPLES / "llama.ss").read_text().replace("silu(", "gelu("))
    result = export(tmp_path, source, "--gguf", tmp_path / "out.gguf", check=False)
    assert result.returncode == 2, result.stderr
    assert "llama: no pairing of its tensors with the fields computes the source" in result.stderr
    assert "gpt2: its norms are rms_norm, not layer_norm" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "hf-home") == ["gelu_llama.ss"]


def test_an_architecture_asked_for_is_the_only_one_tried(tmp_path):
    result = export(tmp_path, EXAMPLES / "llama.ss", "--gguf", tmp_path / "x.gguf", "--arch", "gpt2", check=False)
    assert result.returncode == 2 and "gpt2: its norms" in result.stderr and "llama:" not in result.stderr
    assert not (tmp_path / "x.gguf").exists()


def test_an_unservable_function_is_refused_with_its_rule(tmp_path):
    result = export(tmp_path, EXAMPLES / "vit.ss", "--fn", "classify", "--gguf", tmp_path / "x.gguf", check=False)
    assert result.returncode == 1 and "error[E3301]" in result.stderr, result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["--arch", "mistral"], "--arch expects llama or gpt2"),
        (["--hf", "dir"], "--hf and --gguf are two exports"),
        (["--vllm"], "--vllm and --no-verify are for --hf"),
    ],
)
def test_bad_options_are_usage_errors(tmp_path, args, message):
    result = export(tmp_path, EXAMPLES / "llama.ss", "--gguf", tmp_path / "x.gguf", *args, check=False)
    assert result.returncode == 2 and message in result.stderr, result.stderr


def test_an_existing_output_is_left_as_it_was(tmp_path):
    existing = tmp_path / "old.gguf"
    existing.write_text("mine")
    result = export(tmp_path, EXAMPLES / "gpt2.ss", "--gguf", existing, check=False)
    assert result.returncode == 2 and "exists" in result.stderr
    assert existing.read_text() == "mine"


def test_export_gguf_from_python(tmp_path):
    module = shapescript.load(EXAMPLES / "gpt2.ss")
    model = module.Gpt2(seed=4)
    assert shapescript.export_gguf(EXAMPLES / "gpt2.ss", tmp_path / "g.gguf", weights=model) == "gpt2"
    import gguf

    reader = gguf.GGUFReader(str(tmp_path / "g.gguf"))
    embedding = next(t for t in reader.tensors if t.name == "token_embd.weight")
    assert np.array_equal(np.asarray(embedding.data), model.wte.detach().numpy())
    with pytest.raises(ValueError, match="no pairing"):
        source = tmp_path / "gelu_llama.ss"
        source.write_text((EXAMPLES / "llama.ss").read_text().replace("silu(", "gelu("))
        shapescript.export_gguf(source, tmp_path / "h.gguf")


@requires_llama_cpp
def test_a_byte_level_bpe_tokenizer_round_trips_through_llama_cpp(tmp_path):
    from llama_cpp import Llama

    tokenizer = byte_level_bpe(tmp_path / "tok")
    out = tmp_path / "gpt2.gguf"
    export(tmp_path, EXAMPLES / "gpt2.ss", "--gguf", out, "--tokenizer", tmp_path / "tok")
    llm = Llama(model_path=str(out), vocab_only=True, verbose=False)
    for text in ("the quick brown fox", "tensors of shapes jump over", "zebra! 42 <|endoftext|>"):
        # Special tokens in the text are parsed, as the tokenizer's encode does.
        ids = llm.tokenize(text.encode(), add_bos=False, special=True)
        assert ids == tokenizer.encode(text).ids, text
        assert llm.detokenize(ids, special=True).decode() == text


def test_a_tokenizer_that_isnt_byte_level_bpe_is_refused(tmp_path):
    from tokenizers import Tokenizer, models

    (tmp_path / "tok").mkdir()
    Tokenizer(models.WordLevel({"a": 0, "[UNK]": 1}, unk_token="[UNK]")).save(str(tmp_path / "tok" / "tokenizer.json"))
    result = export(
        tmp_path, EXAMPLES / "gpt2.ss", "--gguf", tmp_path / "x.gguf", "--tokenizer", tmp_path / "tok", check=False
    )
    assert result.returncode == 2 and "isn't a byte-level BPE tokenizer" in result.stderr, result.stderr
    assert not (tmp_path / "x.gguf").exists()
