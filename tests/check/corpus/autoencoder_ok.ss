# A denoising autoencoder on flattened 28x28 images: noise through dropout,
# a bottleneck of 32, reconstruction trained with mean squared error.
dim P = 784
dim H = 256
dim Z = 32

model AutoEncoder:
    enc1: [P H] = normal(0.03)
    enc2: [H Z] = normal(0.05)
    dec1: [Z H] = normal(0.05)
    dec2: [H P] = normal(0.03)
    bias: [P]   = zeros

data Image:
    pixels: [P]

fn encode(m: AutoEncoder, x: [b P]) -> [b Z]:
    return x @ m.enc1 |> relu |> matmul(m.enc2)

fn decode(m: AutoEncoder, z: [b Z]) -> [b P]:
    return sigmoid(relu(z @ m.dec1) @ m.dec2 + m.bias)

fn reconstruction(m: AutoEncoder, batch: Batch[Image], mode: Mode) -> [] f32:
    noisy = dropout(batch.pixels, 0.3, mode)
    out = decode(m, encode(m, noisy))
    return mean((out - batch.pixels) ** 2)

fn epoch(mut m: AutoEncoder, mut opt: Optimizer[AutoEncoder], images: Dataset[Image], seed: int):  # hint H3101 "it loops over a dataset"
    mode = Train(seed=seed)
    for batch in images |> shuffle(seed=seed) |> batches(128):
        l, g = value_and_grad(reconstruction, m, batch, mode)
        update(m, opt, g)
        log(loss=l)
