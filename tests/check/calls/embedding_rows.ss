# embedding's table has a row per value its ids may hold: the ids' Index[V]
# binds V, so a table of another number of rows is refused, as torch would
# refuse an id past its end.
dim V = 100
dim D = 16

fn lookup(ids: [n] Index[W], table: [t D]) -> [n D]:
    return embedding(ids, table)  # error E0504 "argument `table` must be [W _] of any float type; its axis `t` is t"

fn fixed(ids: [b n] Index[V], table: [50 D]) -> [b n D]:
    return embedding(ids, table)  # error E0504 "argument `table`"

fn ok(ids: [b n] Index[V], table: [V D]) -> [b n D]:
    return embedding(ids, table)

fn generic(ids: [n] Index[W], table: [W D]) -> [n D]:
    return embedding(ids, table)
