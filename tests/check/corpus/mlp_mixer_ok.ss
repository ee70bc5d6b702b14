# An MLP-Mixer layer: a token-mixing MLP across patches (transpose, mix,
# transpose back) and a channel-mixing MLP across features.
dim N  = 196     # patches
dim D  = 512
dim Tk = 256     # token-mixing width
dim Ch = 2048    # channel-mixing width

model MixerLayer:
    ln1: [D] = ones
    tok1: [N Tk] = normal(0.02)
    tok2: [Tk N] = normal(0.02)
    ln2: [D] = ones
    ch1: [D Ch] = normal(0.02)
    ch2: [Ch D] = normal(0.02)

fn mixer(m: MixerLayer, x: [b N D]) -> [b N D]:
    y = x |> layer_norm(over=D, weight=m.ln1) |> rearrange(b N D -> b D N)
    y = y @ m.tok1 |> gelu |> matmul(m.tok2)
    x = x + rearrange(y: b D N -> b N D)
    z = layer_norm(x, over=D, weight=m.ln2) @ m.ch1 |> gelu
    return x + z @ m.ch2
