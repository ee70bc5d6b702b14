# Names inside function bodies.
dim D = 64

model Mlp:
    w1: [D D] = zeros

fn f(m: Mlp, x: [b D]) -> [b D]:
    y = z + x        # error E0105 "used before it is assigned"
    z = x
    v = widht + 1    # error E0102 "undefined name `widht`"
    return x @ m.w2  # error E0106 "did you mean `w1`"

fn g(m: Mlp) -> Mlp:
    return Mlp.create(seed=0)  # error E0106 "one method is `init"

fn no_fields(x: [n 4]) -> [n 4]:
    a = 0.n             # error E0106 "`0` has no field `n`"
    b = 4294967296.wk   # error E0106 "only models, data records and batches"
    c = x.shape         # error E0106 "`x` has no field `shape`"
    return x
