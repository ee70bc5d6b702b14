# RMSNorm written out by hand next to the built-in, and rotary embeddings
# with the half-split convention (as in GPT-NeoX).
dim D  = 128
dim H  = 4
dim Dh = D / H
dim P  = 4096

fn rms_by_hand(x: [b n D], g: [D], eps: float = 1e-6) -> [b n D]:
    ms = mean(x * x, over=D)
    return x / sqrt(ms + eps) * g

fn rms_builtin(x: [b n D], g: [D]) -> [b n D]:
    return x |> rms_norm(over=D, weight=g, eps=1e-6)

fn rope(x: [b H n Dh], pos: [n] Index[P]) -> [b H n Dh]:
    freqs = exp(arange(0, Dh, 2) * (-9.21 / Dh))
    angles = einsum(pos as [n] f32, freqs as [Dh/2]: n, f -> n f)
    c = cat(cos(angles), cos(angles), over=f) as [n Dh]
    s = cat(sin(angles), sin(angles), over=f) as [n Dh]
    x1 = x[Dh: 0..Dh/2]
    x2 = x[Dh: Dh/2..Dh]
    rotated = cat(-x2, x1, over=Dh)
    return x * c + rotated * s
