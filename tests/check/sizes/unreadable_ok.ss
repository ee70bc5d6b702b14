# Generic axes read off a shape that has them alone, or off a local's.
dim C = 16

fn doubled(x: [b n C], y: [(n 4) C]) -> int:
    return n * 2

fn from_a_product(y: [(n 4) C]) -> int:
    return n + 1

fn from_a_local(x: [b (nh w) C], y: [b nh C]) -> int:
    z = x |> rearrange(b (nh w) c -> b nh w c, nh=nh)
    return w

# A causal mask's axis that a local has: scores gives `m` its size.
fn local_keys(x: [b n C]) -> [b n C]:
    scores = einsum(x, x[n: 0..4] as [b m C]: b n C, b m C -> b n m)
    att = scores |> masked_fill(!causal[n m], -inf) |> softmax(over=m)
    return einsum(att, x[n: 0..4] as [b m C]: b n m, b m C -> b n C)
