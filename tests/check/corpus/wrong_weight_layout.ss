# A weight stored as torch.nn.Linear stores it, [out in], used with `@`
# as if it were [in out]; `linear` is the call that takes this layout.
dim D = 256
dim F = 1024

model Ffn:
    up:   [F D] = normal(0.02)
    down: [D F] = normal(0.02)

fn ffn(m: Ffn, x: [b n D]) -> [b n D]:
    h = x @ m.up |> relu  # error E0411 col=11 "`F` = 1024"
    return linear(h, m.down)
