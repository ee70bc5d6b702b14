# Dense retrieval: queries and a document bank are normalised, scored by
# dot product, and the 10 nearest documents returned with their scores.
dim E = 384
dim K = 10

fn unit(x: [n E]) -> [n E]:
    return x / sqrt(sum(x ** 2, over=E))

fn search(queries: [q E], docs: [d E]) -> ([q K], [q K] Index[d]):
    scores = einsum(unit(queries), unit(docs): q e, d e -> q d)
    return topk(scores, K, over=d)

fn recall_at_k(queries: [q E], docs: [d E], gold: [q] Index[d]) -> [] f32:
    best, which = search(queries, docs)
    # search's signature names the axis of the K best `K`
    hits = (which == gold) |> sum(over=K)
    return mean(hits > 0)
