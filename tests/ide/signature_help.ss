# Signature help on unfinished calls (server/ide/signature_help): the
# signature, its parameters' labels and the active one. `$` marks the cursor;
# each function below holds one unfinished call.

dim D = 8

model M:
    w: [D D] = normal(0.02)

# Scales x.
fn g(x: [n], scale_by: float, over: axis) -> [n]:
    return x

fn f1(x: [b n D], w: [D D], m: M) -> [b n D]:
    return linear(x, $
#                    ^ sig label="linear(x: [..s I], w: [O I], bias?: [O]) -> [..s O]" active=1
#                    ^ sig param0="x: [..s I]" param1="w: [O I]" documented
fn f2(x: [b n D], w: [D D], m: M) -> [b n D]:
    return softmax($
#                  ^ sig active=0
fn f3(x: [b n D], w: [D D], m: M) -> [b n D]:
    return x |> softmax($
#                       ^ sig active=1
fn f4(x: [b n D], w: [D D], m: M) -> [b n D]:
    return softmax(over=n, $
#                          ^ sig active=1
fn f5(x: [b n D], w: [D D], m: M) -> [b n D]:
    return softmax(over=$
#                       ^ sig active=1 param1="over: axis"
fn f6(x: [b n D], w: [D D], m: M) -> [b n D]:
    return softmax(x, nope=$
#                          ^ sig active=-1
fn f7(x: [b n D], w: [D D], m: M) -> [b n D]:
    return softmax(x, n, x, $
#                           ^ sig active=-1
fn f8(x: [b n D], w: [D D], m: M) -> [b n D]:
    return g(x[0], 2.0, $
#                       ^ sig label="g(x: [n], scale_by: float, over: axis) -> [n]" active=2
#                       ^ sig param2="over: axis" doc="Scales x."
fn f9(x: [b n D], w: [D D], m: M) -> [b n D]:
    return g(x, over=n, scale_by=$
#                                ^ sig active=1
fn f10(x: [b n D], w: [D D], m: M) -> [b n D]:
    return g(softmax(x, $
#                       ^ sig label^"softmax("
fn f11(x: [b n D], w: [D D], m: M) -> [b n D]:
    return g(x, (1 + $
#                    ^ sig label^"g(" active=1
fn f12(x: [b n D], w: [D D], m: M) -> [b n D]:
    return g(softmax(x, over=n), $
#                                ^ sig label^"g(" active=1
fn f13(x: [b n D], w: [D D], m: M) -> [b n D]:
    return cat(x, x, x, $
#                       ^ sig active=0 param0="parts: [..s] ..."
fn f14(x: [b n D], w: [D D], m: M) -> [b n D]:
    return cat(x, x, over=$
#                         ^ sig active=1
fn f15(x: [b n D], w: [D D], m: M) -> [b n D]:
    return x |> sum(over=$
#                        ^ sig label="sum(x: [..s], over?: axis, keepdim?: bool) -> [..s without over]" active=1
fn f16(x: [b n D], w: [D D], m: M) -> [b n D]:
    y = M.init($
#              ^ sig label="init(seed: int) -> M" param0="seed: int"
fn f17(x: [b n D], w: [D D], m: M) -> [b n D]:
    return x |> rearrange(b n D -> n b D, $
#                                         ^ sig label^"rearrange(" active=1
fn f18(x: [b n D], w: [D D], m: M) -> [b n D]:
    return einsum(x, w: $
#                       ^ sig active=1
# No help outside calls and for unknown callees.
fn f19(x: [b n D], w: [D D], m: M) -> [b n D]:
    return softmax(x)$
#                    ^ sig none
fn f20(x: [b n D], w: [D D], m: M) -> [b n D]:
    return x$
#           ^ sig none
fn f21(x: [b n D], w: [D D], m: M) -> [b n D]:
    # softmax($
#             ^ sig none
fn f22(x: [b n D], w: [D D], m: M) -> [b n D]:
    g = 1
    g($
#     ^ sig none
#--- A Python function.
import python torch
fn f(x: [n]):
    torch.foo($
#             ^ sig none
#---
fn f(x: $
#       ^ sig none
