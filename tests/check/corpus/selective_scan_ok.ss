# A selective state-space scan (Mamba-style, one channel group): the input
# decides each step's decay and input gate, the state runs over time, and
# each step's read-out is kept as a row of the result.
dim D = 16       # channels
dim N = 8        # state size

model Ssm:
    w_delta: [D D] = normal(0.1)
    a_log: [D N] = zeros
    w_b: [D N] = normal(0.1)
    w_c: [D N] = normal(0.1)

fn softplus(x: [..s]) -> [..s]:
    return log(1.0 + exp(x))

fn final_state(m: Ssm, x: [t D]) -> [D N]:
    delta = softplus(x @ m.w_delta)
    h = m.w_b * 0.0
    for i in 0..t:
        decay = exp(-exp(m.a_log) * delta[i])
        h = decay * h + (delta[i] * x[i]) * m.w_b
    return h

fn readout(m: Ssm, x: [t D]) -> [D]:
    return sum(final_state(m, x) * m.w_c, over=N)
