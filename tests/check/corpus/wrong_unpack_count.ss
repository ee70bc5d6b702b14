# A fused projection split in three, unpacked into two names.
dim D  = 128
dim H  = 4
dim Dh = D / H

fn qk(x: [b n D], w_qkv: [D 3*D]) -> [b H n n]:
    q, k = x @ w_qkv |> split(b n (3 H Dh) -> b H n Dh)  # error E0506 col=12 "2 names on the left, but the value has 3 parts"
    return einsum(q, k: b H n d, b H m d -> b H n m)
