# The layer norm's weight has the feed-forward width, not the model's.
dim D = 384
dim F = 1536

model Block:
    norm: [F]   = ones
    up:   [D F] = normal(0.02)
    down: [F D] = normal(0.02)

fn block(m: Block, x: [b n D]) -> [b n D]:
    h = layer_norm(x, over=D, weight=m.norm)  # error E0504 col=31 "(384); it is [F]"
    return x + (h @ m.up |> gelu) @ m.down
