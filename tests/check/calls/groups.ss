# A group `..s` is the same axes at each use; only masked_fill and where
# take arguments that align by name, fewer axes or more.
dim V = 10
dim K = 4

fn more_targets(z: [b V] Logit over V, y: [b n] Index[V]) -> [] f32:
    return cross_entropy(z, y)  # error E0504 "must be [b] Index[V] (= [b] Index[10]); it has axes [b n]"

fn one_target(z: [b K] Logit over K, y: [] Index[K]) -> [] f32:
    return cross_entropy(z, y)  # error E0504 "it has axes []"

fn named_twice(m: [b n n] Mask, y: [b n 8], x: [b n 8]) -> [b n 8]:
    return where(m, y, x)  # error E0504 "align by name with [b n n]; its axis `8` does not"

fn wider_mask(p: [b n n], keep: [b n n m] Mask) -> [b n n]:
    return masked_fill(p, keep, 0.0)  # error E0601 "returns [b n n m] f32"

fn both(a: [..s], c: [..s]) -> [..s]:
    return a + c

fn user_group(x: [b n], y: [n]) -> [b n]:
    return both(x, y)  # error E0504 "`..s` is bound to other axes by an earlier argument"
