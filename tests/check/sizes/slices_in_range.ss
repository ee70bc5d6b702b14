# A slice lies within its axis when the checker can tell (docs/types.md).
dim D = 8

fn past_end(x: [5]) -> [10]:
    return x[0..10]  # error E0417 "found `0..10`, which ends 5 past its end"

fn past_n(x: [n D]) -> [n+1 D]:
    return x[0..n+1]  # error E0417 "which ends 1 past its end"

fn backwards(x: [D]) -> [D]:
    return x[6..2]  # error E0417 "which ends before it starts"

# An index written as a size that provably lies outside its axis.
fn index_at_the_end(x: [n D]) -> [n]:
    return x[D: D]  # error E0417 "an index within the axis `D` (8 positions, up to 7); found `D`"

fn index_before_the_start(x: [n D]) -> [n]:
    return x[D: -9]  # error E0417 "(8 positions, from -8); found `-9`"

fn index_past_a_generic_end(x: [n D]) -> [D]:
    return x[n: n+3]  # error E0417 "an index within the axis `n` (n positions, up to n - 1)"
