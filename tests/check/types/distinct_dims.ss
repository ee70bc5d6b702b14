# Names mean what they say (docs/types.md): two dims are two axes even when
# their sizes are equal, so an axis that is the dim E never stands where the
# dim D is declared, returned, passed or contracted.
dim D = 64
dim E = 64
dim C = 5

fn returned(x: [b n E], w: [E D]) -> [b n E]:
    return x @ w  # error E0601 "the function returns [b n E] f32 (= [b n 64]), but this returns [b n D] f32"

fn takes_d(x: [b D]) -> [b D]:
    return x

fn passed(y: [b E]) -> [b D]:
    return takes_d(y)  # error E0504 "its axis `E` is the dim E, where [b D] needs the dim D (both are 64)"

fn contracted(x: [b E], w: [D C]) -> [b C]:
    return x @ w  # error E0411 "the last axis of the left (the dim E) to be the first axis of the right; found the dim D"

fn contracted_by_linear(x: [b E], w: [C D]) -> [b C]:
    return linear(x, w)  # error E0504 "its axis `D` is the dim D, another dim of the same size (64)"

fn named_as_another_dim(x: [b D], w: [E E]) -> [b E]:
    return einsum(x, w: b E, E F -> b F)  # error E0424 "the pattern calls axis 2 `E`, but that axis of `x` is the dim `D`"

dim K = 8

fn relabelled(t: [b K n]) -> [b n K]:
    return t as [b n K]  # warning E0423 "puts the axis `K` at place 3, where the value has it at place 2"

fn contracted_in_a_pattern(x: [n D], w: [E C]) -> [n C]:
    return einsum(x, w: n d, d o -> n o)  # error E0424 "the pattern calls axis 1 `d`, but that axis of `w` is the dim `E`"

fn diagonal_of_two_dims(x: [D E]) -> [D]:
    return einsum(x: i i -> i)  # error E0424 "the pattern calls axis 2 `i`, but that axis of `x` is the dim `E`"

fn same_generic(x: [n], y: [n]) -> [n]:
    return x + y

fn laundered(x: [D], y: [E]) -> [D]:
    return same_generic(x, y)  # error E0504 "its axis `E` is the dim E, where `n` is the dim D (both are 64)"

fn looked_up(i: [b] Index[E], table: [D C]) -> [b C]:
    return embedding(i, table)  # error E0504 "its axis `D` is the dim D, where `V` is the dim E (both are 64)"

fn classified(z: [b D] Logit over D, y: [b] Index[E]) -> [] f32:
    return cross_entropy(z, y)  # error E0505 "found an Index of the dim E's positions, where the call needs the dim D's"

fn attended(q: [3 D], k: [5 E], v: [5 D]) -> [3 D]:
    return scaled_dot_product_attention(q, k, v)  # error E0504 "keys whose last axis is the queries' last, the dim D"

fn joined(x: [D n], y: [E n]) -> [D 2*n]:
    return cat(x, y, over=n)  # error E0504 "argument `part 2` must be [D n] f32"

fn normed(x: [b D], w: [E]) -> [b D]:
    return layer_norm(x, over=D, weight=w)  # error E0504 "it is [E] f32 (= [64]), the dim E, not D"

fn selected(x: [D 3], m: [E] Mask) -> [?k 3]:
    return x[m]  # error E0417 "a Mask over the axes [D] from here on"

fn indexed(x: [D 3], i: [e] Index[E]) -> [e 3]:
    return x[i]  # error E0417 "an Index whose values are positions of the axis `D`"

fn best(z: [b D]) -> [b] Index[E]:
    return argmax(z, over=D)  # error E0601 "but this returns [b] Index[D]"

# A group `..s` bound to [D E] takes no [E D], though D = E.
fn add_group(x: [..s], y: [..s]) -> [..s]:
    return x + y

fn group_swapped(x: [D E], y: [E D]) -> [D E]:
    return add_group(x, y)  # error E0504 "`..s` is bound to other axes by an earlier argument"

fn prelude_group(z: [D E C] Logit over C, y: [E D] Index[C]) -> [] f32:
    return cross_entropy(z, y)  # error E0504 "it has axes [E D]"

# A pattern's own name for a dim's axis keeps the dim: `w` for H, `h` for W.
dim Ci = 3
dim Hi = 8
dim Wi = 8

fn to_channels_last(x: [b Ci Hi Wi]) -> [b Hi Wi Ci]:
    return x |> rearrange(b c w h -> b h w c)  # error E0601 "the function returns [b Hi Wi Ci] f32 (= [b 8 8 3]), but this returns [b h w c] f32"

fn channels_last(x: [b Ci Hi Wi]) -> [b Hi Wi Ci]:
    return x |> rearrange(b c h w -> b h w c)

# gather's index holds positions of the axis it is taken along, that dim.
fn gathered(x: [b D], idx: [b k] Index[E]) -> [b k]:
    return gather(x, idx, over=D)  # error E0505 "argument `index` must be as many axes as the value, with positions along `D`: Index[D]"
