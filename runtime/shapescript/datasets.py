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
