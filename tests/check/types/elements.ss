# Element types where values meet declared types.
dim V = 100
dim C = 10

fn embed(ids: [b n] Index[V], table: [V 8]) -> [b n 8]:
    return ids |> embedding(table)

fn loss(z: [b C] Logit over C, y: [b] Index[C]) -> [] f32:
    return cross_entropy(z, y)

fn half(x: [n] f16) -> [n] f16:
    return x

fn f(x: [b n] f32, m: [b n] Mask, ids: [b n] Index[C], t: [V 8], z: [b C], y: [b] Index[V]) -> [b n 8]:
    a = embed(x, t)     # error E0505 "Index[V]"
    c = embed(ids, t)   # error E0505 "Index[C]"
    d = half(x[0])      # error E0505 "f16"
    e = gelu(m)         # error E0505 "Mask"
    g = loss(z, y)      # error E0505 "Index[C]"
    return embed(ids as [b n] Index[V], t)

fn wrong_return(x: [n] f16) -> [n]:
    return x  # error E0601 "f16"
