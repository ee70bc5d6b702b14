# A small convolutional network for 28x28 greyscale images, through torch's
# own convolution and pooling, declared as extern functions: two 3x3
# convolutions that keep the image's size, each followed by ReLU and a 2x2
# max pool, then a linear classifier.
dim Ci = 1  # input channels
dim C1 = 16  # channels after the first convolution
dim C2 = 32  # after the second
dim S = 28  # the side of an image
dim S4 = S / 4  # the side after two poolings
dim K = 10  # classes

# A 3x3 convolution with one pixel of zero padding keeps the height and width.
extern fn conv3x3(
    x: [b ci h w],
    weight: [co ci 3 3],
    bias: [co],
    stride: int = 1,
    padding: int = 1,
) -> [b co h w] = torch.nn.functional.conv2d

# A 2x2 max pool halves them.
extern fn max_pool2x2(x: [b c (h 2) (w 2)], kernel_size: int = 2) -> [b c h w] = torch.nn.functional.max_pool2d

model ConvNet:
    conv1_w: [C1 Ci 3 3] = normal(0.3)
    conv1_b: [C1] = zeros
    conv2_w: [C2 C1 3 3] = normal(0.08)
    conv2_b: [C2] = zeros
    head_w: [K (C2 S4 S4)] = normal(0.02)
    head_b: [K] = zeros

data Image:
    pixels: [Ci S S]
    label: Index[K]

fn logits(m: ConvNet, x: [b Ci S S]) -> [b K] Logit over K:
    h = x |> conv3x3(m.conv1_w, m.conv1_b) |> relu |> max_pool2x2
    h = h |> conv3x3(m.conv2_w, m.conv2_b) |> relu |> max_pool2x2
    return h |> rearrange(b c h w -> b (c h w)) |> linear(m.head_w, m.head_b)

fn loss(m: ConvNet, batch: Batch[Image]) -> [] f32:
    return cross_entropy(logits(m, batch.pixels), batch.label)
