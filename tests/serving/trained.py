"""The language model examples trained briefly on generated data (no
network): sequences that count up by one modulo the vocabulary, from a
random start, so the next token is learnable. The serving tests export the
trained weights, as a user exports a checkpoint. And a small byte-level
BPE tokenizer, trained here too."""

from __future__ import annotations

from pathlib import Path

import torch

import shapescript
from shapescript import checkpoint

REPO = Path(__file__).resolve().parents[2]
# By example; split/gpt2 is GPT-2 in two files (docs/modules.md).
MODELS = {"llama": "Llama", "gpt2": "Gpt2", "split/gpt2": "Gpt2"}


def counting(vocabulary, batch, length, generator):
    start = torch.randint(0, vocabulary, (batch, 1), generator=generator)
    return (start + torch.arange(length)) % vocabulary


def train(example, path, steps=25):
    """Trains `examples/<example>.ss` from seed 0 for `steps` AdamW steps,
    saves it with `save` at `path`, and returns (module, model, first loss,
    last loss)."""
    module = shapescript.load(REPO / "examples" / (example + ".ss"))
    model = getattr(module, MODELS[example])(seed=0)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
    generator = torch.Generator().manual_seed(0)
    losses = []
    for _ in range(steps):
        ids = counting(module.V, 8, 17, generator)
        pos = torch.arange(16).expand(8, 16)
        logits = module.forward(model, ids[:, :-1], pos)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, module.V), ids[:, 1:].reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    checkpoint.save(path, model)
    return module, model, losses[0], losses[-1]


def byte_level_bpe(folder):
    """A small GPT-2-style tokenizer, trained here (no network): tokenizer.json in `folder`."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=300, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tokenizer.train_from_iterator(
        ["the quick brown fox jumps over the lazy dog " * 20, "tensors of shapes " * 20], trainer
    )
    folder.mkdir()
    tokenizer.save(str(folder / "tokenizer.json"))
    return tokenizer
