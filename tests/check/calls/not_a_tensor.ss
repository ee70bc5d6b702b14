# Arguments of the wrong kind, refused where they are written.
dim D = 8

fn norm_of_a_dim(x: [b n D], w: [D]) -> [b n D]:
    return rms_norm(D, over=D, weight=w)  # error E0505 "argument `x` must be a tensor; found int"

fn one_axis(s: [b n m]) -> [b n m]:
    return s |> masked_fill(!causal[m], -inf)  # error E0417 "two axes, as in `causal[n m]`; found 1"

fn other_name(keep: [b n] Mask) -> [b n n] Mask:
    visible = keep |> repeat(b m -> b n m) as [b n n] Mask
    return causal[s n] & visible  # error E0417 "found `s`"

model Regressor:
    w: [D] = zeros

fn optimiser(m: Regressor, mu: [D]) -> Optimizer[Regressor]:
    return sgd(m, lr=0.01, momentum=0.9, nesterov=mu)  # error E0505 "argument `nesterov` must be bool"

fn betas(m: Regressor) -> Optimizer[Regressor]:
    return adamw(m, lr=0.001, betas=(0.9,))  # error E0505 "argument `betas` must be two numbers, `(0.9, 0.999)`"
