# The same pooling, with the halving in the signature's input: `(h 2)`.
import python torch

extern fn pooled(x: [b c (h 2) (w 2)], kernel_size: int = 2) -> [b c h w] = torch.nn.functional.avg_pool2d

fn down(x: [b c 32 32]) -> [b c 16 16]:
    return pooled(x)
