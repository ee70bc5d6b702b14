# Fields set to values of their type.
dim D = 4

model M:
    w: [D D] = zeros
    b: [D] = zeros

fn decay(mut m: M, rate: float):
    m.w = m.w * (1.0 - rate)
    m.b = m.b + 0.5
    m.b += 1.0
