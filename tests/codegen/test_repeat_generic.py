"""repeat's new axis named after a generic axis in scope takes its size
from the argument that binds it (a class token over the batch)."""

import torch

from conftest import ROOT


def test_class_token_over_the_batch(build):
    m = build(ROOT / "tests" / "check" / "sizes" / "repeat_generic_ok.ss", "--checks", "always")
    x, cls = torch.randn(3, 5, 8), torch.randn(8)
    assert torch.equal(m.class_token(x, cls), cls.expand(3, 1, 8))
