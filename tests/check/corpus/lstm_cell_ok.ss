# An LSTM over a sequence: the four gates from one matrix product, split
# by a pattern, the state carried through the loop, the outputs kept as
# rows of a tensor made before it.
dim I = 16
dim H = 32

model Lstm:
    w_x: [I 4*H] = normal(0.1)
    w_h: [H 4*H] = normal(0.1)
    bias: [4*H] = zeros

fn run(m: Lstm, xs: [t b I]) -> ([t b H], [b H]):
    h = zeros([b H])
    c = zeros([b H])
    outs = zeros([t b H])
    for step in 0..t:
        gates = xs[step] @ m.w_x + h @ m.w_h + m.bias
        i, f, g, o = gates |> split(b (4 H) -> b H)
        c = sigmoid(f) * c + sigmoid(i) * tanh(g)
        h = sigmoid(o) * tanh(c)
        outs = select_scatter(outs, h, step, over=t)
    return outs, h
