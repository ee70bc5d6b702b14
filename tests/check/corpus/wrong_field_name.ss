# A misspelt model field in an attention layer.
dim D = 64

model SelfAttn:
    w_qkv: [D 3*D] = normal(0.02)
    w_out: [D D]   = normal(0.02)

fn project(m: SelfAttn, x: [b n D]) -> [b n 3*D]:
    return x @ m.wqkv  # error E0106 col=18 "did you mean `w_qkv`"
