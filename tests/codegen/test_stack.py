"""stack (docs/types.md, "Ordering"): checked and built, its new axis
first, against torch.stack."""

import torch

PROGRAM = """
dim D = 4

fn pair(a: [n D], c: [n D]) -> [2 n D]:
    return stack(a, c, over=k)

fn averaged(a: [n D], c: [n D], e: [n D]) -> [n D]:
    return mean(stack(a, c, e, over=k), over=k)
"""


def test_against_torch(build):
    module = build(PROGRAM, "--checks", "always")
    g = torch.Generator().manual_seed(0)
    a, c, e = (torch.randn(3, 4, generator=g) for _ in range(3))
    assert torch.equal(module.pair(a, c), torch.stack((a, c)))
    torch.testing.assert_close(module.averaged(a, c, e), torch.stack((a, c, e)).mean(0))
