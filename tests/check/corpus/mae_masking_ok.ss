# MAE-style random masking of patch tokens: scores from noise, argsort to
# shuffle, keep the first quarter, and gather the kept tokens.
dim N = 196
dim D = 768
dim Keep = 49

fn keep_indices(noise: [b N]) -> [b Keep] Index[N]:
    order = argsort(noise, over=N)
    return order[.., 0..Keep]

fn visible_tokens(x: [b N D], noise: [b N]) -> [b Keep D]:
    idx = keep_indices(noise) |> repeat(b k -> b k D)
    return gather(x, idx as [b Keep D] Index[N], over=N)
