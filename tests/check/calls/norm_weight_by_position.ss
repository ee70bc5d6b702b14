# A norm's weight and bias given after `x`, in order, are checked as the
# keywords are: they have the size of the axis normalised over.
dim D = 8

model Probe:
    w: [D] = ones
    b: [D] = zeros

fn right(p: Probe, x: [b D]) -> [b D]:
    return layer_norm(x, p.w, p.b, over=D) + rms_norm(x, p.w, over=D)

fn wrong(p: Probe, x: [b D]) -> [b D]:
    return layer_norm(x, x, over=D)  # error E0504 col=26 "weight"
