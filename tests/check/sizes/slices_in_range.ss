# A slice lies within its axis when the checker can tell (docs/types.md).
dim D = 8

fn past_end(x: [5]) -> [10]:
    return x[0..10]  # error E0417 "found `0..10`, which ends 5 past its end"

fn past_n(x: [n D]) -> [n+1 D]:
    return x[0..n+1]  # error E0417 "which ends 1 past its end"

fn backwards(x: [D]) -> [D]:
    return x[6..2]  # error E0417 "which ends before it starts"
