# Only functions and built-ins are called or piped into (E0508).
model Mlp:
    w: [4 4] = zeros

dim D = 4

fn values(x: [n D], w: [n D], m: Mlp) -> [n D]:
    a = x |> w                  # error E0508 "`w` is a value of type [n D] f32 (= [n 4])"
    b = x |> 0                  # error E0508 "`0` is a value of type int"
    c = x |> n                  # error E0508 "`n` is a value of type int"
    d = arange(0, 4, 1)(x)      # error E0508 "`arange(0, 4, 1)`"
    e = x |> D                  # error E0508 "`D` is a dim"
    f = x |> Mlp                # error E0508 "`Mlp` is a model"
    g = x |> m.w                # error E0508 "`m.w` is a value of type [4 4] f32,"
    h = x |> undefined_thing    # error E0102
    i = x |> Eval               # error E0508 "`Eval` is the evaluation mode, a value, not a function"
    j = Eval(x)                 # error E0508 "`Eval` is the evaluation mode, a value"
    return x |> gelu
