"""Small datasets shipped with the libraries the runtime needs (no network)."""

import numpy as np
import torch


def digits(test_fraction=0.2, seed=0):
    """scikit-learn's 8x8 handwritten digits (1797 images), split into
    (train, test) by a permutation drawn from `seed`. Each is a dict:
    "image" float32 [n, 64] in 0..1 (the 0..16 grey levels / 16), "label"
    int64 [n] in 0..10."""
    from sklearn.datasets import load_digits

    if not 0 <= test_fraction <= 1:
        raise ValueError("digits(): test_fraction must be in 0..1, not %r" % (test_fraction,))
    d = load_digits()
    images = torch.from_numpy(np.asarray(d.data, dtype=np.float32) / 16.0)
    labels = torch.from_numpy(np.asarray(d.target, dtype=np.int64))
    g = torch.Generator()
    g.manual_seed(int(seed))
    order = torch.randperm(len(labels), generator=g)
    n_test = int(round(len(labels) * test_fraction))
    test, train = order[:n_test], order[n_test:]
    return ({"image": images[train], "label": labels[train]}, {"image": images[test], "label": labels[test]})


def patterns(n=1024, length=16, vocab=64, period=4, test_fraction=0.125, seed=0):
    """Token sequences for a first language model, made here from `seed`:
    each row repeats a random pattern of `period` tokens, so every token
    after the first `period` follows from those before it. Split into
    (train, test), each a dict: "ids" int64 [n, length] in 0..vocab, "pos"
    int64 [n, length] (0, 1, ...), "next" int64 [n, length], the ids one
    step on."""
    if n < 2 or length < 1 or vocab < 1 or period < 1:
        raise ValueError(
            "patterns(): n must be at least 2 and length, vocab and period at least 1; found %r"
            % ((n, length, vocab, period),)
        )
    if not 0 < test_fraction < 1:
        raise ValueError("patterns(): test_fraction must be between 0 and 1, not %r" % (test_fraction,))
    g = torch.Generator()
    g.manual_seed(int(seed))
    starts = torch.randint(0, vocab, (n, period), generator=g)
    rows = starts.repeat(1, length // period + 2)[:, : length + 1]
    data = {"ids": rows[:, :length], "pos": torch.arange(length).expand(n, length).clone(), "next": rows[:, 1:]}
    n_test = max(1, int(round(n * test_fraction)))
    return ({k: v[n_test:] for k, v in data.items()}, {k: v[:n_test] for k, v in data.items()})
