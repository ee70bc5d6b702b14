"""The positions of a Mask: argmax, argmin and topk, which torch refuses on
bools (found by the mutation test), of the Mask's 0s and 1s: the first true
(false) position, as numpy's argmax of bools finds, and the values Masks
again. Compared with the same on the Mask as uint8, written by hand."""

import torch

PROGRAM = """
fn first_true(k: [b n] Mask) -> [b] Index[n]:
    return argmax(k, over=n)

fn first_false(k: [b n] Mask) -> [b] Index[n]:
    return argmin(k, over=n)

fn two_true(k: [b n] Mask) -> ([b 2] Mask, [b 2] Index[n]):
    return topk(k, 2, over=n)
"""


def test_a_masks_positions_match_its_zeros_and_ones(build):
    module = build(PROGRAM)
    k = torch.rand(6, 7, generator=torch.Generator().manual_seed(1)) > 0.5
    k[0] = False  # no true position: the first, as argmax of equal values
    k[1] = True
    as_numbers = k.to(torch.uint8)
    assert torch.equal(module.first_true(k), torch.argmax(as_numbers, dim=1))
    assert torch.equal(module.first_false(k), torch.argmin(as_numbers, dim=1))
    assert module.first_true(k)[0] == 0 and module.first_false(k)[1] == 0
    values, indices = module.two_true(k)
    expected = torch.topk(as_numbers, 2, dim=1)
    assert values.dtype == torch.bool
    assert torch.equal(values, expected.values.to(torch.bool)) and torch.equal(indices, expected.indices)
