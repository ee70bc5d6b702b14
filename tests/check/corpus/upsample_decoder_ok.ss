# The decoder half of a U-Net: nearest-neighbour upsampling through an
# extern function, a skip connection joined along channels, a 3x3 conv.
import python torch

dim C1 = 64
dim C2 = 32

extern fn upsample2(x: [b c h w], scale_factor: float = 2.0) -> [b c (h 2) (w 2)] = torch.nn.functional.interpolate
extern fn conv3x3(x: [b ci h w], weight: [co ci 3 3], bias: [co], padding: int = 1) -> [b co h w] = torch.nn.functional.conv2d

model Up:
    k: [C2 (C1 + C2) 3 3] = normal(0.02)
    b: [C2]               = zeros

fn up_block(m: Up, low: [b C1 h w], skip: [b C2 (h 2) (w 2)]) -> [b C2 (h 2) (w 2)]:
    up = upsample2(low)
    x = cat(up, skip, over=C1) as [b (C1 + C2) (h 2) (w 2)]
    return conv3x3(x, m.k, m.b) |> relu
