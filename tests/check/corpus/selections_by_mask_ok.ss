# Selections by a mask: keep the tokens that survive a threshold, add their
# positions, and count them; masks combined with & and |.
dim D = 32

fn keep_salient(x: [n D], pos: [n D], threshold: float) -> [?k D]:
    score = x |> abs |> mean(over=D)
    keep = score > threshold
    return x[keep] + pos[keep]

fn kept_fraction(x: [b n D], pad: [b n] Mask) -> [] f32:
    active = (x |> sum(over=D) != 0.0) & !pad
    return mean(active)

fn kept_count(keep: [b n] Mask) -> [b] i64:
    return sum(keep, over=n)

fn real_tokens(x: [b n D], keep: [b n] Mask) -> [?k D]:
    return x[keep]

fn either(a: [n] Mask, c: [n] Mask, x: [n D]) -> [?k D]:
    return x[a | c]
