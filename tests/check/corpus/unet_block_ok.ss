# A U-Net level for diffusion: a timestep embedding added per channel, two
# convolutions by extern, a skip joined along the channels on the way up.
import python torch

dim C = 32
dim T = 128      # timestep embedding size
dim F = 64       # its frequencies, a sine and a cosine each

extern fn conv3x3(x: [b ci h w], weight: [co ci 3 3], padding: int = 1) -> [b co h w] = torch.nn.functional.conv2d
extern fn down2(x: [b c (h 2) (w 2)], kernel_size: int = 2) -> [b c h w] = torch.nn.functional.avg_pool2d

model Level:
    time_w: [T C] = normal(0.02)
    conv1: [C C 3 3] = normal(0.05)
    conv2: [C C 3 3] = normal(0.05)
    up: [C 2*C 3 3] = normal(0.05)

fn timestep_embedding(t: [b]) -> [b T]:
    freqs = exp(-9.21 * arange(0, F) / 64.0) as [F]
    args = rearrange(t: b -> b 1) * freqs
    return cat(sin(args), cos(args), over=F) as [b T]

fn block(m: Level, x: [b C h w], temb: [b T]) -> [b C h w]:
    h = conv3x3(silu(x), m.conv1)
    h = h + rearrange(temb @ m.time_w: b C -> b C 1 1)
    return x + conv3x3(silu(h), m.conv2)

fn level(m: Level, x: [b C (h 2) (w 2)], temb: [b T]) -> [b C (h 2) (w 2)]:
    skip = block(m, x, temb)
    inner = block(m, down2(skip), temb)
    upsampled = repeat(inner: b c h w -> b c (h 2) (w 2))
    joined = cat(upsampled, skip, over=c)
    return conv3x3(joined, m.up)
