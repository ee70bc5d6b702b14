# LeNet-5 (LeCun et al., 1998) with ReLU, for 32x32 greyscale images: two 5x5
# convolutions through torch's own conv2d, declared as an extern function,
# each followed by a 2x2 max pool, then three linear layers.
dim Ci = 1  # input channels
dim C1 = 6  # channels after the first convolution
dim C2 = 16  # after the second
dim S = 32  # the side of an image
dim P = ((S - 4) / 2 - 4) / 2  # the side after both poolings: 5
dim F1 = 120
dim F2 = 84
dim K = 10  # classes

# Without padding, a 5x5 convolution takes 4 off the height and the width.
extern fn conv5x5(x: [b ci h+4 w+4], weight: [co ci 5 5], bias: [co]) -> [b co h w] = torch.nn.functional.conv2d

# A 2x2 max pool halves them.
fn max_pool2x2(x: [b c (h 2) (w 2)]) -> [b c h w]:
    return x |> reduce(b c (h p1) (w p2) -> b c h w, max, p1=2, p2=2)

model LeNet:
    conv1_w: [C1 Ci 5 5] = normal(0.2)
    conv1_b: [C1] = zeros
    conv2_w: [C2 C1 5 5] = normal(0.08)
    conv2_b: [C2] = zeros
    fc1_w: [F1 (C2 P P)] = normal(0.05)
    fc1_b: [F1] = zeros
    fc2_w: [F2 F1] = normal(0.09)
    fc2_b: [F2] = zeros
    fc3_w: [K F2] = normal(0.1)
    fc3_b: [K] = zeros

data Image:
    pixels: [Ci S S]
    label: Index[K]

fn logits(m: LeNet, x: [b Ci S S]) -> [b K] Logit over K:
    h = x |> conv5x5(m.conv1_w, m.conv1_b) |> relu |> max_pool2x2
    h = h |> conv5x5(m.conv2_w, m.conv2_b) |> relu |> max_pool2x2
    h = h |> rearrange(b c h w -> b (c h w))
    h = h |> linear(m.fc1_w, m.fc1_b) |> relu |> linear(m.fc2_w, m.fc2_b) |> relu
    return h |> linear(m.fc3_w, m.fc3_b)

fn loss(m: LeNet, batch: Batch[Image]) -> [] f32:
    return cross_entropy(logits(m, batch.pixels), batch.label)
