# TransE for knowledge graphs: head + relation should land near the tail;
# a margin ranking loss against corrupted tails.
dim Ne = 200     # entities
dim Nr = 12      # relations
dim E = 32

model TransE:
    entities: [Ne E] = normal(0.1)
    relations: [Nr E] = normal(0.1)

fn distance(m: TransE, h: [b] Index[Ne], r: [b] Index[Nr], t: [b] Index[Ne]) -> [b]:
    d = embedding(h, m.entities) + embedding(r, m.relations) - embedding(t, m.entities)
    return sqrt(sum(d ** 2, over=E) + 1e-9)

fn margin_loss(m: TransE, h: [b] Index[Ne], r: [b] Index[Nr], t: [b] Index[Ne], t_bad: [b] Index[Ne], margin: float) -> [] f32:
    return mean(relu(margin + distance(m, h, r, t) - distance(m, h, r, t_bad)))
