# A norm's value and a causal mask's axes: refused where they are written.
dim D = 8

fn norm_of_a_dim(x: [b n D], w: [D]) -> [b n D]:
    return rms_norm(D, over=D, weight=w)  # error E0505 "argument `x` must be a tensor; found int"

fn one_axis(s: [b n m]) -> [b n m]:
    return s |> masked_fill(!causal[m], -inf)  # error E0417 "two axes, as in `causal[n m]`; found 1"
