# `@` with batch axes: the right's batch axes are the left's, by name.
fn wrong_keys(a: [b H n m], v: [b H t Dh]) -> [b H n Dh]:
    return a @ v  # error E0411 "second to last axis of the right"

fn wrong_batch(a: [b H n m], v: [b 2 m Dh]) -> [b H n Dh]:
    return a @ v  # error E0411 "first axis of the right"

fn group_first(a: [t n m], v: [..s m e]) -> [..s n e]:
    return a @ v  # error E0411 "found the group `..s`"
