# One mistake, one error: an argument that is wrong, or of unknown type,
# decides nothing for the arguments after it or for the call's result.
fn conv1x1(x: [b Ci h w], weight: [Co Ci], bias: [Co]) -> [b Co h w]:
    y = einsum(x, weight: b Ci h w, Co Ci -> b h w Co) + bias
    return y |> rearrange(b h w Co -> b Co h w)

# The value's name is misspelt: the result is unknown, not the mask's [b n],
# so the reduction over [b n D] is not refused as well.
fn masked_pool(x: [b n D], keep: [b n] Mask) -> [b D]:
    y = masked_fill(xx, !keep, 0.0)  # error E0102 "`xx`"
    return y |> reduce(b n D -> b D, sum)

# The weight's axes are swapped: the bias, [16] as the weight should say,
# is not refused for disagreeing with the wrong weight.
fn stem(x: [b 3 32 32], w: [3 16], bias: [16]) -> [b 16 32 32]:
    return conv1x1(x, w, bias)  # error E0504 col=23 "argument `weight`"

# The axis is the mistake, not the weight and the bias: one error.
fn norm(x: [b n D], w: [D], bias: [D]) -> [b n D]:
    return layer_norm(x, over=n, weight=w, bias=bias)  # error E0504 "is `over=D` meant?"

# A wrong logit tensor binds nothing: the labels aren't refused for it.
fn loss(z: [b K] Logit over K, y: [b] Index[K]) -> [] f32:
    return cross_entropy(y, y)  # error E0505 col=26 "argument `z`"

# The condition is over other axes: `a` and `b`, the same value, are one
# mistake, reported once.
fn choose(att: [b n m], other: [b k]) -> [b n m]:
    return where(other > 0.0, att, att)  # error E0504 col=31 "argument `a`"

fn unknown_scores(q: [b n d]) -> [b n d]:
    return nope |> masked_fill(!causal[n m], -inf)  # error E0102 "`nope`"
