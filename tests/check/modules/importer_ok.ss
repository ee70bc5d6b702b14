# Names of other files, qualified and unqualified, and of a package's
# module: a dim of another file is that dim here too.
import layers
import nn.attention
import nn.attention as attn
from layers import D, Block as B, block

dim T = 8
dim E = layers.D

model Net:
    emb: [layers.V D] = normal(0.02)
    first: layers.Block
    second: B

fn mix(m: Net, x: [b n E]) -> [b n D]:
    return block(m.second, layers.block(m.first, x))

export fn forward(m: Net, ids: [b T] Index[layers.V]) -> [b attn.H T nn.attention.Dh]:
    x = embedding(ids, m.emb)
    for l in 0..layers.F:
        x = mix(m, x)
    return nn.attention.heads(x)

fn make() -> Net:
    return Net.init(seed=0)

fn make_block() -> layers.Block:
    return layers.Block.init(seed=1)
