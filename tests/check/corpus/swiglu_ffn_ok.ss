# Gated feed-forward variants from "GLU Variants Improve Transformer":
# GEGLU and SwiGLU from one fused up-projection split in two.
dim D = 512
dim F = 1365

model Glu:
    w_in:  [D 2*F] = normal(0.02)
    w_out: [F D]   = normal(0.02)

fn swiglu(m: Glu, x: [b n D]) -> [b n D]:
    gate, up = x @ m.w_in |> split(b n (2 F) -> b n F)
    return (silu(gate) * up) @ m.w_out

fn geglu(m: Glu, x: [b n D]) -> [b n D]:
    gate, up = x @ m.w_in |> split(b n (2 F) -> b n F)
    return (gelu(gate) * up) @ m.w_out

fn residual(m: Glu, x: [b n D], norm: [D]) -> [b n D]:
    return x + swiglu(m, x |> rms_norm(over=D, weight=norm))
