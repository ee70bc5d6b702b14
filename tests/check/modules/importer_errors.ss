# What an import can get wrong (docs/errors.md, E0109 and E0112).
import layers
import missing_module  # error E0109 "looked for missing_module.ss in"
from layers import Blok, _twice  # error E0112 "did you mean `Block`", error E0112 "private to its file"
from layers import D

dim D2 = 16

fn f(m: layers.Blokk, x: [b layers.Q]) -> [b]:  # error E0112 "did you mean `Block`", error E0112 "has no `Q`"
    return layers.blok(m, x)  # error E0112 "did you mean `block`"

fn g(m: layers.Block, x: [b n D2]) -> [b n D]:
    return layers.block(m, x)  # error E0504 "the dim layers.D (both are 16)"

fn h(x: [b n layers.block]) -> [b n D]:  # error E0103 "is a function, but a dim is expected"
    return x
