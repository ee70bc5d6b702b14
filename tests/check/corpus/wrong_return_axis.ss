# A pooling function whose return type names a sequence axis that no
# parameter has.
dim D = 64

fn pool(x: [b n D], keep: [b n] Mask) -> [b m D]:  # error E0406 col=45 "axis `m`"
    return x |> masked_fill(!keep, 0.0)
