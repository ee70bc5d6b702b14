# A small convolutional network through torch's conv2d and max_pool2d,
# declared as extern functions with the shapes they produce.
import python torch

dim Cin = 1
dim C1  = 16
dim C2  = 32
dim K   = 10

extern fn conv3x3(x: [b ci h w], weight: [co ci 3 3], bias: [co], padding: int = 1) -> [b co h w] = torch.nn.functional.conv2d
extern fn pool2(x: [b c (h 2) (w 2)], kernel_size: int = 2) -> [b c h w] = torch.nn.functional.max_pool2d

model ConvNet:
    k1: [C1 Cin 3 3] = normal(0.1)
    b1: [C1]         = zeros
    k2: [C2 C1 3 3]  = normal(0.05)
    b2: [C2]         = zeros
    fc: [(C2 7 7) K] = normal(0.01)

fn features(m: ConvNet, x: [b Cin 28 28]) -> [b C2 7 7]:
    h = conv3x3(x, m.k1, m.b1) |> relu |> pool2
    return conv3x3(h, m.k2, m.b2) |> relu |> pool2

fn logits(m: ConvNet, x: [b Cin 28 28]) -> [b K] Logit over K:
    flat = features(m, x) |> rearrange(b c h w -> b (c h w))
    return flat @ m.fc
