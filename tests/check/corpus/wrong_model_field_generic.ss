# A model whose position table has the sequence length as a generic axis:
# a model has one shape for every call.
dim D = 64

model Positions:
    table: [n D] = normal(0.02)  # error E1301 col=13 "`n` is not a dim"

fn add(p: Positions, x: [b n D]) -> [b n D]:
    return x + p.table
