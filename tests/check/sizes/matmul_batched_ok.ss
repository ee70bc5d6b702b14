# `@` as torch.matmul over batch axes, and as a contraction with a weight.
fn heads(a: [b H n m], v: [b H m Dh]) -> [b H n Dh]:
    return a @ v

fn shared(a: [b H n m], v: [b m Dh]) -> [b H n Dh]:
    return a @ v

fn grouped(a: [..s n m], v: [..s m e]) -> [..s n e]:
    return a @ v

fn weight(x: [b D], w: [D H Dh]) -> [b H Dh]:
    return x @ w
