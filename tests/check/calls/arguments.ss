# Calls against signatures: counts, keywords, shapes bound at each call.
model Mlp:
    w: [4 4] = zeros

fn project(x: [b k], w: [k m]) -> [b m]:
    return x @ w

fn apply(m: Mlp, x: [b 4]) -> [b 4]:
    return x @ m.w

fn f(m: Mlp, x: [b 64], w: [32 10], v: [64 10], y: [b 4]) -> [b 10]:
    a = project(x, v, v)  # error E0501
    c = project(x)        # error E0502 "argument `w`"
    d = project(x, ww=v)  # error E0503 "did you mean `w`"
    e = project(x, w)     # error E0504 "needs `k` = 64"
    g = apply(y, y)       # error E0505 "must be Mlp"
    h = x |> project(v)
    return h

fn g(x: [n]) -> [n]:
    a, b = x, x, x  # error E0506 "3 parts"
    return a

fn patches(image: [b (gh 16)]) -> [b gh 16]:
    return image |> rearrange(b (gh p) -> b gh p, p=16)

fn use_patches(image: [b 225]) -> [b 14 16]:
    return patches(image)  # error E0504 "225 is not a multiple of 16"
