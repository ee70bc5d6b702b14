# Completion in patterns, `over=` and keyword arguments: the operand's axes
# and the callee's parameters (server/ide/completion). `$` marks the cursor.

dim D = 8

fn f1(x: [b n D], y: [n D]) -> [n b D]:
    return x |> rearrange($
#                         ^ items+ b n D
#                         ^ first b n D
#                         ^ item b detail="axis of [b n D]"
#                         ^ items- softmax
fn f2(x: [b n D], y: [n D]) -> [n b D]:
    return x |> rearrange(b n D -> n $
#                                    ^ items b n D
fn f3(x: [b n D], y: [n D]) -> [n b D]:
    return einsum(x, $
#                    ^ items+ y
fn f4(x: [b n D], y: [n D]) -> [n b D]:
    return einsum(x, y: $
#                       ^ item b axis
#                       ^ no-item y
fn f5(x: [b n D], y: [n D]) -> [n b D]:
    return reduce(x: b n D -> b D, $
#                                  ^ items mean sum max min prod
fn f6(x: [b n D], y: [n D]) -> [n b D]:
    return softmax(x, ov$
#                       ^ item over= parameter detail="over: axis"
#                       ^ first over=
fn f7(x: [b n D], y: [n D]) -> [n b D]:
    return x |> rms_norm($
#                        ^ items+ over= weight= eps= x
#                        ^ items- bias=
fn f8(x: [b n D], y: [n D]) -> [n b D]:
    return x |> rms_norm(over=D, $
#                                ^ no-item over=
#                                ^ item weight=
fn f9(x: [b n D], y: [n D]) -> [n b D]:
    return x |> softmax(over=$
#                            ^ first b n D
#                            ^ item b axis sort^"0"
#                            ^ item n axis sort^"0"
#                            ^ item D sort^"0"
#                            ^ no-item softmax
fn f10(x: [b n D], y: [n D]) -> [n b D]:
    return sum(y, over=$
#                      ^ item n detail="axis of [n D]"
#                      ^ no-item x
#--- A user function's parameters, less those given by position.
dim D = 8
fn g(x: [n], scale_by: float, axis_name: axis) -> [n]:
    return x
fn f(x: [n]) -> [n]:
    return g(x, $
#               ^ items+ scale_by= axis_name=
#               ^ items- x=
