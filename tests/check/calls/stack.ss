# stack: parts of one shape, a new first axis of the number of parts.
dim D = 4

fn declared_wrong(a: [n D], c: [n D]) -> [n D]:
    return stack(a, c, over=k)  # error E0601 "but this returns [k n D] f32 (= [2 n 4])"

fn parts_differ(a: [n D], c: [m D]) -> [2 n D]:
    return stack(a, c, over=k)  # error E0504 "argument `part 2` must be the first part's shape"

fn an_old_axis(a: [n D], c: [n D]) -> [2 n D]:
    return stack(a, c, over=n)  # error E0419 "a new axis's name for stack"
