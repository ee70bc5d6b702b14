# A deep residual MLP whose layers are stacked fields, read one layer at a
# time in a loop: one model, L layers, no Python list of modules.
dim L = 6
dim D = 128
dim F = 512
dim C = 10

model ResMlp:
    norm: [L D]   = ones
    up:   [L D F] = normal(0.02)
    down: [L F D] = normal(0.02)
    head: [D C]   = normal(0.02)

fn residual(m: ResMlp, x: [b D], l: int) -> [b D]:
    h = x |> rms_norm(over=D, weight=m.norm[l])
    return x + (h @ m.up[l] |> gelu) @ m.down[l]

fn forward(m: ResMlp, x: [b D]) -> [b C] Logit over C:
    for l in 0..L:
        x = residual(m, x, l)
    return x @ m.head
