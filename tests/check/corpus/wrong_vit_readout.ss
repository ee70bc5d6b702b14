# A ViT head applied to every token instead of the class token.
dim T = 197
dim D = 192
dim K = 10

model Head:
    norm: [D]   = ones
    w:    [D K] = normal(0.02)

fn classify(h: Head, x: [b T D]) -> [b K] Logit over K:
    z = x |> layer_norm(over=D, weight=h.norm)
    return z @ h.w  # error E0601 col=12 "this returns [b T K]"
