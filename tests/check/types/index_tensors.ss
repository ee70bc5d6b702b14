# What indexing by an index tensor refuses: an index of another axis's
# positions, and a second index that would make torch move the axes.
dim T = 1000
dim D = 64

fn wrong_bound(x: [n D], src: [e] Index[D]) -> [e D]:
    return x[src]  # error E0417 "an Index whose values are positions of the axis `n`"

fn with_an_int(x: [b n D], which: [k] Index[n]) -> [k D]:
    return x[0, which]  # error E0417 "an index tensor as the only index that isn't a range"

fn as_before(schedule: [T], t: [b] Index[T]) -> [] f32:
    return schedule[t]  # error E0601 "the function returns [] f32, but this returns [b] f32"
