# Keyword spotting on log-mel frames: 1-D convolutions through torch's
# conv1d, then mean over time and a linear classifier.
import python torch

dim M = 40        # mel bins
dim C = 64
dim K = 12        # keywords

extern fn conv1d(x: [b ci t], weight: [co ci 3], bias: [co], padding: int = 1) -> [b co t] = torch.nn.functional.conv1d

model Kws:
    c1: [C M 3] = normal(0.05)
    b1: [C]     = zeros
    c2: [C C 3] = normal(0.05)
    b2: [C]     = zeros
    fc: [C K]   = normal(0.05)
    fb: [K]     = zeros

fn logits(m: Kws, mels: [b t M]) -> [b K] Logit over K:
    x = mels |> rearrange(b t m -> b m t)
    x = conv1d(x, m.c1, m.b1) |> relu
    x = conv1d(x, m.c2, m.b2) |> relu
    return mean(x, over=t) @ m.fc + m.fb
