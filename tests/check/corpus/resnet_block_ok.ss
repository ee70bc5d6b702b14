# A ResNet basic block on NCHW images: two 3x3 convolutions through
# torch's conv2d, batch statistics by hand (aligned by the channel's name,
# where PyTorch writes [C 1 1]), ReLU and the identity skip.
extern fn conv3x3(x: [b c h w], weight: [c c 3 3], bias: [c], padding: int = 1) -> [b c h w] = torch.nn.functional.conv2d

dim C = 16

model Block:
    k1: [C C 3 3] = normal(0.05)
    b1: [C] = zeros
    k2: [C C 3 3] = normal(0.05)
    b2: [C] = zeros
    g1: [C] = ones
    g2: [C] = ones

fn batch_norm(x: [b C h w], gamma: [C]) -> [b C h w]:
    mu = reduce(x: b C h w -> C, mean)
    centred = x - mu
    var = reduce(centred ** 2: b C h w -> C, mean)
    return centred / sqrt(var + 1e-5) * gamma

fn block(m: Block, x: [b C h w]) -> [b C h w]:
    y = relu(batch_norm(conv3x3(x, m.k1, m.b1), m.g1))
    y = batch_norm(conv3x3(y, m.k2, m.b2), m.g2)
    return relu(y + x)
