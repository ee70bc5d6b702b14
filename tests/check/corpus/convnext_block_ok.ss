# A ConvNeXt block: a depthwise 7x7 convolution by extern (groups = the
# channels), LayerNorm over the channels in channels-last layout, an
# inverted MLP, a per-channel layer scale, and the residual.
import python torch

dim C = 32

extern fn depthwise(x: [b c h w], weight: [c 1 7 7], padding: int = 3, groups: int = 32) -> [b c h w] = torch.nn.functional.conv2d

model Block:
    dw: [C 1 7 7] = normal(0.05)
    ln_w: [C] = ones
    ln_b: [C] = zeros
    up: [C 4*C] = normal(0.05)
    down: [4*C C] = normal(0.05)
    gamma: [C] = 1e-6

fn block(m: Block, x: [b C h w]) -> [b C h w]:
    y = rearrange(depthwise(x, m.dw): b C h w -> b h w C)
    y = layer_norm(y, m.ln_w, m.ln_b, over=C)
    y = gelu(y @ m.up) @ m.down * m.gamma
    return x + rearrange(y: b h w C -> b C h w)
