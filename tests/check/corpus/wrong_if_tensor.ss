# Early stopping written against a tensor of losses instead of one value.
dim B = 32

fn should_stop(losses: [B], best: float) -> bool:
    if losses < best:  # error E0603 col=8 "found [B] Mask"
        return true
    return false
