# What messages say: the expected and the found type, each with its element
# type, its sizes as written and, where they differ, as evaluated; a
# built-in's parameter with the caller's axes, never the prelude's names.
dim C = 10
dim Hd = 128
dim V = 100

model Mlp:
    w: [4 4] = zeros

fn apply(m: Mlp, x: [b 4]) -> [b 4]:
    return x @ m.w

fn head(x: [b Hd], w: [Hd C]) -> [b Hd]:
    return x @ w  # error E0601 "the function returns [b Hd] f32 (= [b 128]), but this returns [b C] f32 (= [b 10])"

fn not_a_model(x: [b n]) -> [b 4]:
    return apply(x, x)  # error E0505 "argument `m` must be Mlp; found [b n] f32", error E0504 "must be [b 4] f32;"

fn integers(x: [b n] i64) -> [b n]:
    return x  # error E0601 "returns [b n] f32, but this returns [b n] i64"

fn labels(z: [b K] Logit over K, y: [b] f32) -> [] f32:
    return cross_entropy(z, y)  # error E0505 "argument `y` must be [b] Index[K]; found [b] f32"

fn no_class_axis(z: [] f32, y: [b] Index[K]) -> [] f32:
    return cross_entropy(z, y)  # error E0504 "argument `z` must be [... _] Logit; it has 0 axes"

fn ids(tokens: [b n], table: [V Hd]) -> [b n Hd]:
    return embedding(tokens, table)  # error E0505 "argument `ids` must be [b n] Index[V] (= [b n] Index[100]); found [b n] f32"

fn mask(x: [b n Hd], m: [b n]) -> [b n Hd]:
    return masked_fill(x, m, 0.0)  # error E0505 "found [b n] f32"

