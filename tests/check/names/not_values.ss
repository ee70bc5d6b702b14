# A function, model, data record, Python module or built-in named where a
# value goes is E0103: it isn't a value, and the generated Python would fail
# on it (a NameError for a built-in, a TypeError for the others).
import python torch

dim D = 4

model Mlp:
    w: [D] = zeros

data Row:
    x: [D]

fn double(x: [n]) -> [n]:
    return x + x

fn embed(x: [n]) -> [n]:
    return x

extern fn tanh2(x: [..s]) -> [..s] = torch.tanh

fn operands(x: [n]) -> [n]:
    a = x * double   # error E0103 "`double` is a function, but a value is expected here"
    b = Mlp + x      # error E0103 "`Mlp` is a model"
    c = -tanh2       # error E0103 "`tanh2` is an extern function"
    d = torch * 2    # error E0103 "`torch` is a Python module"
    return x

fn arguments(x: [n]) -> [n]:
    y = gelu(sigmoid)     # error E0103 "`sigmoid` is a built-in function"
    z = double(Row)       # error E0103 "`Row` is a data record"
    print(Train)          # error E0103 "`Train` is a built-in function"
    return x

fn returns_zeros(x: [n]) -> [n]:
    return zeros  # error E0103 "`zeros` is a model field's initialiser, but a value is expected here"

fn initialisers_in_a_body(x: [n]) -> [n]:
    a = uniform(0.0, 1.0)  # error E0103 "`uniform` is a model field's initialiser, but a function is expected here"
    b = x |> normal(0.02)  # error E0103 "`normal` is a model field's initialiser"
    return x

fn fields(mut m: Mlp, x: [D]) -> [D]:
    m.w = Row              # error E0103 "`Row` is a data record"
    p = embed.pos          # error E0103 "`embed` is a function"
    q = Mlp.w              # error E0103 "`Mlp` is a model"
    return x

fn indices(x: [n]) -> [n]:
    a = x[double]          # error E0103 "`double` is a function"
    b = double[0]          # error E0103 "`double` is a function"
    for i in 0..embed:     # error E0103 "`embed` is a function"
        c = x
    for j in Mlp:          # error E0103 "`Mlp` is a model"
        c = x
    return x

fn a_statement(x: [n]) -> [n]:
    gelu        # error E0103 "`gelu` is a built-in function"
    if double:  # error E0103 "`double` is a function"
        return x
    return x
