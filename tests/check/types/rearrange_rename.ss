# A rearrange whose output drops one name and adds another is a rename
# written on the wrong side: E0413 shows the input side that renames it
# (not a reduction), unless both are dims, which no pattern makes one axis.
dim D = 4
dim E = 4

fn renamed(x: [b n D]) -> [b D n]:
    return x |> rearrange(b n D -> b D m)  # error E0413 "the output drops `n`; to call it `m`, name it so on the input side: `rearrange(b m D -> b D m)`"

fn dims(x: [b n D]) -> [b E n]:
    return x |> rearrange(b n D -> b E n)  # error E0413 "to reduce over it, write `reduce(b n D -> b E n, sum)`"

fn on_the_input_side(x: [b n D]) -> [b D n]:
    return x |> rearrange(b m D -> b D m)
