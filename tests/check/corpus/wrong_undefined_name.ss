# A feed-forward block calling an activation that is not defined.
dim D = 64

fn ffn(x: [b D], w: [D D]) -> [b D]:
    return x @ w |> gleu  # error E0102 col=21 "did you mean `gelu`"
