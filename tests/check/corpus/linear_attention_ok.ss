# Causal linear attention (Katharopoulos et al.): an elu + 1 feature map,
# running sums of the keys' outer products with the values by cumsum, and
# the normaliser from the running sum of the keys.
dim H = 4
dim Dh = 16

fn feature_map(x: [b H n Dh]) -> [b H n Dh]:
    return elu(x) + 1.0

fn causal_linear_attention(q: [b H n Dh], k: [b H n Dh], v: [b H n Dh]) -> [b H n Dh]:
    fq = feature_map(q)
    fk = feature_map(k)
    kv = cumsum(einsum(fk, v: b H n d, b H n e -> b H n d e), over=n)
    numerator = einsum(fq, kv: b H n d, b H n d e -> b H n e)
    normaliser = einsum(fq, cumsum(fk, over=n): b H n d, b H n d -> b H n)
    return numerator / rearrange(normaliser + 1e-6: b H n -> b H n 1)
