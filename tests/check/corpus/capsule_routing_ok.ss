# Dynamic routing between capsules: predictions of each output capsule
# from each input capsule, three rounds of agreement, the squash
# non-linearity keeping each capsule's length below one.
dim I = 32       # input capsules
dim J = 10       # output capsules
dim Din = 8
dim Dout = 16

model Caps:
    w: [I J Dout Din] = normal(0.05)

fn squash(s: [b J Dout]) -> [b J Dout]:
    norm2 = sum(s ** 2, over=Dout, keepdim=true)
    return s * norm2 / (1.0 + norm2) / sqrt(norm2 + 1e-8)

fn route(m: Caps, u: [b I Din]) -> [b J Dout]:
    u_hat = einsum(m.w, u: I J Dout Din, b I Din -> b I J Dout)
    logits = zeros([b I J])
    v = squash(sum(u_hat, over=I))
    for r in 0..3:
        c = softmax(logits, over=J)
        v = squash(einsum(c, u_hat: b I J, b I J Dout -> b J Dout))
        logits = logits + einsum(u_hat, v: b I J Dout, b J Dout -> b I J)
    return v
