# Completion after `.` and inside types (server/ide/completion). A `$` is
# where the cursor is (it isn't part of the text); the markers point at it.

dim D = 4
dim H = 8

model Mlp:
    w1: [D H] = normal(0.02)
    b1: [H] = zeros

data Digit:
    image: [D]
    label: Index[H]

fn f(m: Mlp, batch: Batch[Digit]) -> [D H]:
    return m.$
#            ^ items w1 b1
#            ^ item w1 field detail="[D H]" doc~"normal(0.02)"
fn f2(m: Mlp) -> [D H]:
    return m.w$
#             ^ items w1
fn f3(m: Mlp, batch: Batch[Digit]) -> [D H]:
    x = batch.$
#             ^ items image label
#             ^ item image detail="[b D]"
#             ^ item label detail="[b] Index[H]"
fn f4(train: Dataset[Digit]):
    m = Mlp.init(seed=0)
    y = m.$
#         ^ items w1 b1
fn f5(train: Dataset[Digit]):
    for batch in train |> batches(4):
        y = batch.i$
#                  ^ items image
fn f5b(train: Dataset[Digit]):
    for step, batch in enumerate(train |> batches(4)):
        y = batch.i$
#                  ^ items image
fn f6():
    m = Mlp.$
#           ^ items init
#           ^ item init placeholders
fn f7(x: [D]):
    y = x.$
#         ^ items none
# Type names after a colon, the element type after the axes.
fn f8(x: $
#        ^ items+ f32 Mask Index Dataset Batch Mlp Digit int
#        ^ items- softmax
fn f9(x: Batch[$
#              ^ items Digit
#--- A Python module's names aren't known.
import python torch
fn f():
    y = torch.$
#             ^ items none
#--- Inside a tensor type: dims and axes.
dim D = 4
dim Dh = 2

fn f(x: [b n D]) -> [b $
#                      ^ items b n D Dh
#                      ^ item D dim detail="dim D = 4"
#                      ^ item n axis
#---
dim D = 4
dim Dh = 2

fn f(x: [b n D]) -> [b D$
#                       ^ items D Dh
#--- A model field: dims only.
dim D = 4
dim H = 2

model M:
    w: [D $
#         ^ items D H
#--- causal and as: the value's axes first.
dim D = 4
fn f(x: [n m D]) -> [n m D]:
    y = causal[n $
#                ^ items n m D
#---
dim D = 4
fn f(x: [n m D]) -> [n m D]:
    y = x as [$
#             ^ items n m D
#             ^ item m detail="axis of [n m D]"
#---
dim D = 4
fn f(x: [n D] M$
#              ^ items Mask
