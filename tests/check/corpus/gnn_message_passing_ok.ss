# One round of graph message passing (a GCN-style layer): gather each
# edge's source features, transform them, sum them into the destinations,
# normalise by degree.
dim F = 32
dim H = 64

model Gcn:
    w_msg: [F H] = normal(0.05)
    w_self: [F H] = normal(0.05)

fn messages(m: Gcn, x: [n F], src: [e] Index[n]) -> [e H]:
    return x[src] @ m.w_msg

fn layer(m: Gcn, x: [n F], src: [e] Index[n], degree: [n]) -> [n H]:
    own = x @ m.w_self
    return relu(own / (degree + 1.0))

fn readout(h: [n H]) -> [H]:
    return mean(h, over=n)
