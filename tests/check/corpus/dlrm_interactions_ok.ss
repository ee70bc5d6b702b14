# DLRM's feature interactions: dense features through a bottom MLP,
# sparse ones looked up in their tables, every pair's dot product, then a
# top MLP on the dense features and the pairs, a click's probability.
dim Fd = 13      # dense features
dim S = 4        # sparse features, each in a table of V rows
dim V = 100
dim E = 16

model Dlrm:
    bottom: [Fd E] = normal(0.1)
    tables: [S V E] = normal(0.05)
    top: [E+(S+1)*(S+1) 1] = normal(0.05)

fn click_logit(m: Dlrm, dense: [b Fd], sparse: [b S] Index[V]) -> [b]:
    d = relu(dense @ m.bottom)
    looked = gather(repeat(m.tables: S V E -> b S V E, b=b), repeat(sparse: b S -> b S 1 E, E=E), over=V)
    sparse_emb = rearrange(looked: b S 1 E -> b S E)
    features = cat(rearrange(d: b E -> b 1 E), sparse_emb, over=S) as [b S+1 E]
    pairs = einsum(features, rearrange(features: b g E -> b g E): b f E, b g E -> b f g)
    flat = rearrange(pairs: b f g -> b (f g))
    joined = cat(d, flat, over=E) as [b E+(S+1)*(S+1)]
    return rearrange(joined @ m.top: b 1 -> b)
