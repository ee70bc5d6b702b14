# A callee's axis bound to a part of the caller's (`(h 2)` of an `S`, a
# stride-2 pooling) is shown by its size, never by the caller's axis's
# name: the result is not `[b C2 S S]`, whatever its size.
import python torch

dim C = 3
dim C2 = 8
dim S = 32

extern fn down(x: [b C (h 2) (w 2)]) -> [b C2 h w] = torch.nn.functional.avg_pool2d

fn halved(x: [b C S S]) -> [b C2 S S]:
    return down(x)  # error E0601 "the function returns [b C2 S S] f32 (= [b 8 32 32]), but this returns [b C2 16 16] f32 (= [b 8 16 16])"

fn grouped(x: [b C (r 2) (s 2)]) -> [b C2 r s]:
    return down(x)
