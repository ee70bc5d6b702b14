# A bias over an axis without a name aligns with the one unnamed axis of
# proven-equal size, wherever it is.
dim D = 8

fn fused(x: [b n 3*D], bias: [3*D]) -> [b n 3*D]:
    return x + bias

fn middle(x: [b 3*D n], bias: [3*D]) -> [b 3*D n]:
    return bias * x

fn same_rank(x: [b 4], y: [b 4]) -> [b 4]:
    return x - y

# ... and failing an unnamed one, with the one named axis of that size: the
# joined axis of a cat is named `N` and is N+1 long.
fn class_token(cls: [b 1 D], tokens: [b N D], pos: [N+1 D]) -> [b N+1 D]:
    x = cat(cls, tokens, over=N)
    return x + pos

dim C = 3

fn literal_bias(x: [b C], bias: [3]) -> [b C]:
    return x + bias
