# A module whose model holds a model of another module: what
# fields_two_away.ss reads through it.
import layers

model Stack:
    first: layers.Block
    scale: [layers.D] = ones

fn run(m: Stack, x: [b n layers.D]) -> [b n layers.D]:
    return layers.block(m.first, x) * m.scale
