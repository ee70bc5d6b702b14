"""A pattern factor named after a generic axis has that axis's size (issue
13, item 5): the checker solves `(h p)` against `[b n (h 4)]` as p = 4, so
the code generator must tell einops `h`, which it can't infer alone."""

import einops
import torch

PROGRAM = """
fn split_heads(x: [b n (h 4)]) -> [b h n 4]:
    return x |> rearrange(b n (h p) -> b h n p)

fn windows(x: [b (g w) c], y: [b g w c]) -> [b g w c]:
    return (x |> rearrange(b (g w) c -> b g w c)) + y
"""


def test_generic_factors_match_einops_with_the_sizes_given(build):
    module = build(PROGRAM)
    x = torch.randn(2, 5, 12)
    torch.testing.assert_close(module.split_heads(x), einops.rearrange(x, "b n (h p) -> b h n p", h=3))
    x = torch.randn(2, 6, 7)
    y = torch.zeros(2, 2, 3, 7)
    torch.testing.assert_close(module.windows(x, y), x.reshape(2, 2, 3, 7))
