# A module of a package: `import nn.attention`.
from layers import D

dim H = 4
dim Dh = D / H

fn heads(x: [b n D]) -> [b H n Dh]:
    return x |> rearrange(b n (H Dh) -> b H n Dh)
