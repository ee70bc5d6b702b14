# The same constructs, written correctly: dims in any order, imports of one
# package twice.
import python torch
import python torch.nn
import python numpy as np

dim Dh = D / H
dim D = 768
dim H = 12
dim W2 = Width * 2
dim Width = 64

model Mlp:
    w1: [D Dh] = zeros
    w2: [Dh D] = zeros

fn twice(x: [n], y: [n]) -> [n]:
    return x + y

devices cuda:0, cuda:1
