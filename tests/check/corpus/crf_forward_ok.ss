# A linear-chain CRF's log partition function by the forward algorithm:
# the running scores broadcast against the transition matrix, a
# logsumexp over the previous tag, masked steps keeping the old scores.
dim K = 9        # tags

model Crf:
    transitions: [K K] = normal(0.1)
    start: [K] = zeros

fn log_partition(m: Crf, emissions: [b t K], real: [b t] Mask) -> [b]:
    alpha = emissions[.., 0, ..] + m.start
    for i in 1..t:
        prev = rearrange(alpha: b K -> b K 1)
        step = rearrange(emissions[.., i, ..]: b j -> b 1 j)
        scores = logsumexp(prev + rearrange(m.transitions: K j -> 1 K j) + step, over=K)
        keep = rearrange(real[.., i]: b -> b 1)
        alpha = where(keep, rearrange(scores: b K -> b K), alpha)
    return logsumexp(alpha, over=K)
