# PointNet: a shared MLP on every point, max-pooled over points.
dim P3 = 3
dim H = 64
dim K = 10

model PointNet:
    w1: [P3 H] = normal(0.1)
    w2: [H H] = normal(0.1)
    head: [H K] = normal(0.1)

fn classify(m: PointNet, pts: [b p P3]) -> [b K] Logit over K:
    h = relu(pts @ m.w1) |> matmul(m.w2) |> relu
    return max(h, over=p) @ m.head
