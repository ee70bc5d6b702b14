# The values are contracted over `m`, but the pattern calls the weights'
# last axis `m` too: PyTorch would run it whenever n and m have one size.
dim D  = 256
dim H  = 4
dim Dh = D / H

fn attend(att: [b H n m], v: [b H m Dh]) -> [b n D]:
    o = einsum(att, v: b H m n, b H m Dh -> b H n Dh)  # error E0408 col=28 "`m` is axis 4 of `att`"
    return o |> rearrange(b H n Dh -> b n (H Dh))
