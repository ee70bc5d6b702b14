# ArcFace's additive angular margin: normalised features against
# normalised class centres, the margin added to the true class's angle by
# the cosine of a sum, then a scaled cross-entropy.
dim D = 128
dim C = 50

model ArcHead:
    centres: [D C] = normal(0.05)

fn normalised(x: [b D]) -> [b D]:
    return x / sqrt(sum(x ** 2, over=D, keepdim=true) + 1e-12)

fn arcface_loss(m: ArcHead, features: [b D], labels: [b] Index[C], margin: float, scale: float) -> [] f32:
    w = m.centres / sqrt(sum(m.centres ** 2, over=D) + 1e-12)
    cosine = clamp(normalised(features) @ w, -1.0 + 1e-7, 1.0 - 1e-7)
    sine = sqrt(1.0 - cosine ** 2)
    with_margin = cosine * cos(margin) - sine * sin(margin)
    true_class = rearrange(labels: b -> b 1) == rearrange(arange(0, C): C -> 1 C)
    logits = where(true_class, with_margin, cosine) * scale
    return cross_entropy(logits, labels)
