# Generic axes read off a shape that has them alone, or off a local's.
dim C = 16

fn doubled(x: [b n C], y: [(n 4) C]) -> int:
    return n * 2

fn from_a_product(y: [(n 4) C]) -> int:
    return n + 1

fn from_a_local(x: [b (nh w) C], y: [b nh C]) -> int:
    z = x |> rearrange(b (nh w) c -> b nh w c, nh=nh)
    return w
