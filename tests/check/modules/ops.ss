# What analyses.ss calls: the analyses follow its calls into this file
# (docs/modules.md, "Analyses across files").
dim D = 4

fn _ranked(x: [b D]) -> [b D]:
    return x |> sort(over=b)

fn ranked(x: [b D]) -> [b D]:
    return _ranked(x)

fn centred(x: [b D]) -> [b D]:
    return x - mean(x, over=b)

fn shout(x: [b D]) -> [b D]:
    print(x)
    return x
