# Rotary embeddings on interleaved pairs (GPT-J, the original RoFormer):
# each pair (x[2i], x[2i+1]) rotated by its position's angle, written with
# a pattern that splits the head dim into pairs.
dim Dh = 64

fn rotate_pairs(x: [b n (half 2)], cos_t: [n half], sin_t: [n half]) -> [b n (half 2)]:
    pairs = rearrange(x: b n (half two) -> b n half two, two=2)
    even = pairs[two: 0]
    odd = pairs[two: 1]
    rotated_even = even * cos_t - odd * sin_t
    rotated_odd = even * sin_t + odd * cos_t
    both = stack(rotated_even, rotated_odd, over=two)
    return rearrange(both: two b n half -> b n (half two))
