# A signature that halves a generic axis (a pooling by extern): h/2 is a
# size only where h is even, which the signature says by taking `(h 2)`.
import python torch

extern fn pooled(x: [b c h w]) -> [b c h/2 w] = torch.nn.functional.avg_pool2d  # error E0401 "h is not always a multiple of 2; to take only multiples, write the axis as a group where it is given, `(h 2)`, and `h` for the quotient"
