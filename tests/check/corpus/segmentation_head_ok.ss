# A per-pixel segmentation loss: logits over classes at every pixel,
# cross entropy with an ignore mask, and mean IoU counting by class.
dim K = 21

fn pixel_loss(logits: [b K h w] Logit over K, target: [b h w] Index[K], valid: [b h w] Mask) -> [] f32:
    lp = logits |> log_softmax(over=K)
    picked = gather(lp, rearrange(target: b h w -> b 1 h w) as [b 1 h w] Index[K], over=K)
    nll = -reduce(picked: b one h w -> b h w, sum)
    return sum(where(valid, nll, 0.0)) / sum(valid)

fn predictions(logits: [b K h w] Logit over K) -> [b h w] Index[K]:
    return argmax(logits, over=K)

fn class_iou(pred: [b h w] Index[K], target: [b h w] Index[K]) -> [K]:
    classes = arange(0, K) as [K] Index[K]
    p = repeat(pred: b h w -> b h w K) == classes
    t = repeat(target: b h w -> b h w K) == classes
    inter = sum(p & t, over=h) |> sum(over=w) |> sum(over=b)
    union = sum(p | t, over=h) |> sum(over=w) |> sum(over=b)
    return inter / (union + 1e-6)
