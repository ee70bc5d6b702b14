# Pairwise IoU of two sets of boxes (x1, y1, x2, y2), as a detector's
# matcher computes it: each coordinate sliced out, the intersection's
# corners by elementwise max and min over an [n 1] against a [1 m].
fn areas(boxes: [k 4]) -> [k]:
    return (boxes[.., 2] - boxes[.., 0]) * (boxes[.., 3] - boxes[.., 1])

fn pairwise_iou(a: [n 4], b: [m 4]) -> [n m]:
    x1 = maximum(rearrange(a[.., 0]: n -> n 1), rearrange(b[.., 0]: m -> 1 m))
    y1 = maximum(rearrange(a[.., 1]: n -> n 1), rearrange(b[.., 1]: m -> 1 m))
    x2 = minimum(rearrange(a[.., 2]: n -> n 1), rearrange(b[.., 2]: m -> 1 m))
    y2 = minimum(rearrange(a[.., 3]: n -> n 1), rearrange(b[.., 3]: m -> 1 m))
    inter = clamp(x2 - x1, min=0.0) * clamp(y2 - y1, min=0.0)
    union = rearrange(areas(a): n -> n 1) + rearrange(areas(b): m -> 1 m) - inter
    return inter / union
