# Indexing by an index tensor puts its axes in place of the indexed one, as
# torch computes (a GNN's gather, a diffusion schedule's lookup), laid out
# by name from there.
dim T = 1000
dim D = 64

fn gather_rows(x: [n D], src: [e] Index[n]) -> [e D]:
    return x[src]

fn alpha(schedule: [T], t: [b] Index[T], x0: [b D]) -> [b D]:
    return schedule[t] * x0

fn pick(x: [b n D], which: [k] Index[n]) -> [b k D]:
    return x[n: which]

fn pairs(x: [n D], idx: [e 2] Index[n]) -> [e 2 D]:
    return x[idx]
