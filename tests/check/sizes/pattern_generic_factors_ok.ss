# A pattern factor named after a generic axis of the signature has its size
# when the group can't be solved otherwise (issue 13, item 5).
fn split_heads(x: [b n (h 4)]) -> [b h n 4]:
    return x |> rearrange(b n (h p) -> b h n p)

fn windows(x: [b (g w) c], y: [b g w c]) -> [b g w c]:
    return (x |> rearrange(b (g w) c -> b g w c)) + y

fn by_name_only_when_needed(x: [b (m 4)]) -> [b m 4]:
    # `n` isn't the signature's: one factor is unknown, solved as usual.
    return x |> rearrange(b (n d) -> b n d, d=4)
