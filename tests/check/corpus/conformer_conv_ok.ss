# The convolution module of a Conformer block: pointwise conv as a matmul,
# GLU, a depthwise conv through torch's conv1d with groups, SiLU, pointwise.
import python torch

dim D = 144
dim K = 31        # depthwise kernel

extern fn depthwise(x: [b c t], weight: [c 1 31], bias: [c], padding: int = 15, groups: int = 144) -> [b c t] = torch.nn.functional.conv1d

model ConvModule:
    norm: [D]     = ones
    pw1:  [D 2*D] = normal(0.02)
    dw:   [D 1 K] = normal(0.02)
    dw_b: [D]     = zeros
    pw2:  [D D]   = normal(0.02)

fn conv_module(m: ConvModule, x: [b t D]) -> [b t D]:
    h = layer_norm(x, over=D, weight=m.norm) @ m.pw1
    a, g = h |> split(b t (2 D) -> b t D)
    h = a * sigmoid(g)
    h = h |> rearrange(b t d -> b d t)
    h = depthwise(h, m.dw, m.dw_b) |> silu
    h = h |> rearrange(b d t -> b t d)
    return x + h @ m.pw2
