# A WaveNet residual block: a dilated causal convolution by extern (the
# input padded on the left), gated tanh and sigmoid halves, a 1x1
# projection back to the residual and one to the skip connections.
import python torch

dim R = 32       # residual channels
dim S = 48       # skip channels

extern fn causal_conv2(x: [b ci n], weight: [co ci 2], dilation: int = 2) -> [b co n-2] = torch.nn.functional.conv1d
extern fn pad_left(x: [b c n], pad: (int, int)) -> [b c n+2] = torch.nn.functional.pad

model Block:
    dilated: [(2 R) R 2] = normal(0.05)
    residual: [R R] = normal(0.05)
    skip: [R S] = normal(0.05)

fn block(m: Block, x: [b R n]) -> ([b R n], [b S n]):
    h = causal_conv2(pad_left(x, (2, 0)), m.dilated, dilation=2)
    filt, gate = h |> split(b (2 R) n -> b R n)
    z = tanh(filt) * sigmoid(gate)
    out = einsum(z, m.residual: b R n, R Q -> b Q n)
    return x + rearrange(out: b R n -> b R n), einsum(z, m.skip: b R n, R S -> b S n)
