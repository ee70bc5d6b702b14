# A shared trunk with two heads, returned together as a tuple: a class
# and a bounding box per image feature vector; the loss weighs both.
dim D = 512
dim C = 20

model Detector:
    trunk: [D D] = normal(0.02)
    cls:   [D C] = normal(0.02)
    box:   [D 4] = normal(0.02)

fn heads(m: Detector, x: [b D]) -> ([b C] Logit over C, [b 4]):
    h = x @ m.trunk |> relu
    return h @ m.cls, sigmoid(h @ m.box)

fn detection_loss(m: Detector, x: [b D], label: [b] Index[C], target: [b 4], w: float = 5.0) -> [] f32:
    logits, boxes = heads(m, x)
    l1 = abs(boxes - target) |> mean
    return cross_entropy(logits, label) + w * l1
