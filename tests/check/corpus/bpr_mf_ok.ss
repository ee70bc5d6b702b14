# Matrix factorisation with biases trained by BPR: a user prefers the item
# seen to one not seen, by the log-sigmoid of the score difference, plus
# an L2 penalty on the factors used.
dim U = 300
dim I = 500
dim K = 16

model Mf:
    users: [U K] = normal(0.05)
    items: [I K] = normal(0.05)
    item_bias: [I] = zeros

fn score(m: Mf, u: [b] Index[U], i: [b] Index[I]) -> [b]:
    return sum(embedding(u, m.users) * embedding(i, m.items), over=K) + m.item_bias[i]

fn bpr_loss(m: Mf, u: [b] Index[U], seen: [b] Index[I], unseen: [b] Index[I], l2: float) -> [] f32:
    diff = score(m, u, seen) - score(m, u, unseen)
    penalty = sum(embedding(u, m.users) ** 2) + sum(embedding(seen, m.items) ** 2)
    return -mean(-softplus(-diff)) + l2 * penalty
