# Per-graph readout for a batch of graphs packed as one: each node's graph
# index sums its features into that graph's row, and the mean divides by
# the graph's node count.
dim F = 16

fn readout(x: [n F], graph_of: [n] Index[g], sizes: [g]) -> [g F]:
    total = index_add(zeros([g F]), graph_of, x, over=g)
    return total / rearrange(sizes: g -> g 1)
