# Rotary embeddings whose cosine table covers half the head width.
dim Dh = 64

fn rotate(x: [b h n Dh], cos_t: [n Dh/2], sin_t: [n Dh/2]) -> [b h n Dh]:
    x1 = x[Dh: 0..Dh/2]
    x2 = x[Dh: Dh/2..Dh]
    turned = cat(-x2, x1, over=Dh)
    # both tables are half as wide as the heads
    return x * cos_t + turned * sin_t  # error E0410 col=14 "`Dh/2` has no name", error E0410 col=31
