# SYNTAX TEST "source.shapescript" "lines of examples/digits.ss"
import python shapescript.datasets
# <------ keyword.control.import.shapescript
#      ^^^^^^ keyword.control.import.shapescript
#             ^^^^^^^^^^^^^^^^^^^^ entity.name.namespace.shapescript

dim P = 64          # the 8x8 pixels of a digit, flattened
#                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.line.number-sign.shapescript

model Mlp:
# <----- storage.type.class.shapescript
#     ^^^ entity.name.type.class.shapescript
    w1: [P H] = normal(0.05)
#       ^ meta.type.tensor.shapescript
#        ^ meta.type.tensor.shapescript entity.name.type.dim.shapescript
#                      ^^^^ constant.numeric.float.shapescript

data Digit:
# <---- storage.type.class.shapescript
#    ^^^^^ entity.name.type.class.shapescript
    label: Index[C]
#          ^^^^^ support.type.shapescript
#                ^ meta.brackets.shapescript entity.name.type.dim.shapescript

fn logits(m: Mlp, x: [b P], mode: Mode) -> [b C] Logit over C:
#            ^^^ entity.name.type.shapescript
#                                 ^^^^ support.type.shapescript
#                                                ^^^^^ support.type.shapescript
#                                                      ^^^^ keyword.other.shapescript
    h = x @ m.w1 + m.b1 |> gelu |> dropout(0.1, mode)
#             ^^ variable.other.property.shapescript
#                       ^^ keyword.operator.pipe.shapescript

export fn train_step(mut m: Mlp, mut opt: Optimizer[Mlp], batch: Batch[Digit], mode: Mode) -> [] f32:
# <------ storage.modifier.shapescript
#      ^^ storage.type.function.shapescript
#         ^^^^^^^^^^ entity.name.function.shapescript
#                    ^^^ storage.modifier.shapescript
#                                         ^^^^^^^^^ support.type.shapescript
#                                                   ^^^ meta.brackets.shapescript entity.name.type.shapescript
#                                                                                                ^^^ support.type.shapescript

    for epoch in 0..epochs:
#   ^^^ keyword.control.flow.shapescript
#             ^^ keyword.control.flow.shapescript
#                 ^^ keyword.operator.range.shapescript
        log(epoch=epoch, loss=train_step(m, opt, batch, mode))
#           ^^^^^ variable.parameter.shapescript
#                 ^^^^^ variable.other.shapescript
#                        ^^^^ variable.parameter.shapescript
    opt = adamw(m, lr=warmup(50, cosine(3e-3, epochs * 23)), weight_decay=0.01)
#   ^^^ variable.other.shapescript - variable.parameter
#                                       ^^^^ constant.numeric.float.shapescript
#                                                            ^^^^^^^^^^^^ variable.parameter.shapescript
    save("digits.safetensors", m, opt)
#        ^^^^^^^^^^^^^^^^^^^^ string.quoted.double.shapescript
x = a == b
#     ^^ keyword.operator.comparison.shapescript
#   ^ - variable.parameter.shapescript
