# Image reshuffles as einops users write them: space-to-depth, pixel
# shuffle, global pooling, window partition and channel-last layouts.
dim C = 16
dim R = 2      # upscale factor
dim W = 7      # window side

fn space_to_depth(x: [b c (h 2) (w 2)]) -> [b (c 2 2) h w]:
    return x |> rearrange(b c (h p1) (w p2) -> b (c p1 p2) h w, p1=2, p2=2)

fn pixel_shuffle(x: [b (C R R) h w]) -> [b C (h R) (w R)]:
    return x |> rearrange(b (c r1 r2) h w -> b c (h r1) (w r2), r1=R, r2=R)

fn global_avg_pool(x: [b C h w]) -> [b C]:
    return x |> reduce(b c h w -> b c, mean)

fn global_max_pool(x: [b C h w]) -> [b C]:
    return reduce(x: b c h w -> b c, max)

fn windows(x: [b (nh W) (nw W) C]) -> [(b nh nw) (W W) C]:
    return x |> rearrange(b (nh wh) (nw ww) c -> (b nh nw) (wh ww) c, wh=W, ww=W)

fn channels_last(x: [b C h w]) -> [b h w C]:
    return x |> rearrange(b c h w -> b h w c)

fn flatten_spatial(x: [b C h w]) -> [b (h w) C]:
    return x |> rearrange(b c h w -> b (h w) c)
