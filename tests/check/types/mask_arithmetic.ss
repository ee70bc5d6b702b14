# torch has no `-` of a bool, nor `@` of bools, and `&` `|` are for Masks.
fn negate(k: [n] Mask) -> [n] Mask:
    return -k  # error E0418 "`-` takes numbers; found [n] Mask"

fn difference(k: [n] Mask, j: [n] Mask) -> [n] Mask:
    return k - j  # error E0418 "`-` takes numbers"

fn product(k: [n n] Mask, j: [n n] Mask) -> [n n] Mask:
    return k @ j  # error E0418 "`@` takes numbers"

fn bits(x: [n], y: [n]) -> [n]:
    return x & y  # error E0418 "`&` takes Masks; found [n]"

fn with_a_number(k: [n] Mask) -> [n] Mask:
    return k | 1  # error E0418 "`|` takes Masks; found int"

# A Mask with a number or a tensor of numbers: torch refuses `-` whichever
# side it is on, and `-=` too.
fn shifted(k: [n] Mask, x: [n]) -> [n]:
    a = k - 1  # error E0418 "`-` takes numbers; found [n] Mask"
    b = 1 - k  # error E0418
    c = x - k  # error E0418
    y = x
    y -= k  # error E0418 "`-` takes numbers; found [n] Mask"
    return y

fn products(k: [n] Mask) -> []:
    return matmul(k, k)  # error E0418 "`matmul` takes numbers; found [n] Mask"
