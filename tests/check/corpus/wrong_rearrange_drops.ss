# Merging heads back but forgetting the heads axis in the output.
dim D  = 128
dim H  = 4
dim Dh = D / H

fn merge(o: [b H n Dh]) -> [b n D]:
    return o |> rearrange(b H n Dh -> b n Dh)  # error E0413 col=29 "drops `H`"
