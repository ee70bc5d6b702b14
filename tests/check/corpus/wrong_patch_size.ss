# 16-pixel patches of a 225-pixel image: the grid doesn't factor.
dim C = 3
dim P = 16
dim D = 192
dim N = 196

model Patches:
    proj: [(C P P) D] = normal(0.02)

fn embed(m: Patches, img: [b C 225 225]) -> [b N D]:
    x = img |> rearrange(b c (gh p1) (gw p2) -> b (gh gw) (c p1 p2), p1=P, p2=P)  # error E0405 col=30 "`(gh p1)`"
    return x @ m.proj
