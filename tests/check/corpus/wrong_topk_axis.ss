# A router taking the top experts along the feature axis.
dim D = 64
dim E = 8

fn route(x: [t D], w: [D E]) -> [t 2] Index[E]:
    top, which = topk(x @ w, 2, over=D)  # error E0419 col=38 "found `D`"
    return which
