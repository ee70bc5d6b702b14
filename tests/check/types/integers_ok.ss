# Masks and integer tensors are typed as torch computes them: a sum (or a
# product) of a Mask counts, an i64 however it is written; a mean is a
# fraction; abs, where, comparisons, max and arithmetic take integers.
fn counted(keep: [b n] Mask) -> [n] i64:
    return keep |> reduce(b n -> n, sum)

fn counted_over(keep: [b n] Mask) -> [n] i64:
    return sum(keep, over=b)

fn any_of(keep: [b n] Mask) -> [n] Mask:
    return keep |> reduce(b n -> n, max)

fn fraction(keep: [b n] Mask) -> [n] f32:
    return keep |> reduce(b n -> n, mean)

fn totals(ids: [b n] Index[10]) -> [b] i64:
    return ids |> reduce(b n -> b, sum)

fn absolute(x: [n] i64) -> [n] i64:
    return abs(x)

fn chosen(keep: [n] Mask, a: [n] i64, b: [n] i64) -> [n] i64:
    return where(keep, a, b)

fn biggest(x: [n] i64) -> [] i64:
    return max(x)

fn compared(x: [n] i64) -> [n] Mask:
    return x > 2

fn arithmetic(x: [n] i64, y: [n] i64) -> [n] i64:
    return x * y + x - y // 2

fn products(k: [n m] Mask) -> [n] i64:
    return prod(k, over=m)

fn average(i: [n] i64) -> [] f32:
    return mean(i)

# Mixed elements promote as torch's where, cat and stack do: an i64 with an
# f32 gives f32.
fn chosen_mixed(keep: [n] Mask, a: [n] i64, b: [n]) -> [n] f32:
    return where(keep, a, b)

fn joined_mixed(a: [n] i64, b: [n]) -> [n+n] f32:
    return cat(a, b, over=n)

fn stacked_mixed(a: [n] i64, b: [n]) -> [2 n] f32:
    return stack(a, b, over=k)
