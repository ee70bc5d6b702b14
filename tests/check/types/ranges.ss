# A range is for `for` loops and subscripts only (E0427); a tuple's slice
# is a sequence, never a number or a tensor.
model Lin:
    w: [4] = zeros

fn values(x: [n], pair: ([n], float)) -> [n]:
    m = Lin.init(seed=0..42)  # error E0427 "`0..42` is a range, which only a `for` loop"
    k = 0..3  # error E0427 "`0..3`"
    print(1..n)  # error E0427
    y = x[0..0..2]  # error E0418 "`..` takes integers; found a range"
    z = pair[0..1] + x  # error E0418 "`+` takes tensors and numbers; found a list"
    for i in 0..n:
        print(i)
    return x[0..n]

fn two_indices(pair: ([n], [n])) -> [n]:
    return pair[0, 1]  # error E0417 "indexing needs one integer or range `a..b`: ([n], [n]) has items, not axes; found 2 indices"
