# Two factors without sizes and none a generic axis can't be solved.
fn split(x: [b (h 4)]) -> [b h 4]:
    return x |> rearrange(b (u p) -> b u p)  # error E0405 "have no size, so it can't be solved"

fn unreadable(x: [b (g w) c]) -> [b g w c]:
    # Nothing tells `g` and `w` apart at run time: no parameter has them alone.
    return x |> rearrange(b (g w) c -> b g w c)  # error E0405 "have no size, so it can't be solved"
