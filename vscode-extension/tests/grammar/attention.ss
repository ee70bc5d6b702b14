# SYNTAX TEST "source.shapescript" "lines of examples/attention.ss"
# Causal self-attention, the example of the language sketch: every shape is
# <- comment.line.number-sign.shapescript punctuation.definition.comment.shapescript
# ^^^^^^ comment.line.number-sign.shapescript

dim D  = 768
# <--- keyword.other.dim.shapescript
#   ^ entity.name.type.dim.shapescript
#      ^ keyword.operator.assignment.shapescript
#        ^^^ constant.numeric.integer.shapescript
dim Dh = D / H
#   ^^ entity.name.type.dim.shapescript
#          ^ keyword.operator.arithmetic.shapescript
#            ^ entity.name.type.dim.shapescript

fn causal_attention(x: [b n D], w_qkv: [D 3*D], w_o: [D D]) -> [b n D]:
# <-- storage.type.function.shapescript
#  ^^^^^^^^^^^^^^^^ entity.name.function.shapescript
#                      ^ meta.type.tensor.shapescript punctuation.definition.tensor-type.begin.shapescript
#                       ^ meta.type.tensor.shapescript entity.name.type.parameter.axis.shapescript
#                           ^ meta.type.tensor.shapescript entity.name.type.dim.shapescript
#                                         ^ meta.type.tensor.shapescript constant.numeric.integer.shapescript
#                                                           ^^ keyword.operator.arrow.shapescript
    q, k, v = x @ w_qkv
#               ^ keyword.operator.arithmetic.shapescript
#                 ^^^^^ variable.other.shapescript
        |> split(b n (3 H Dh) -> b H n Dh)
#       ^^ keyword.operator.pipe.shapescript
#          ^^^^^ entity.name.function.call.shapescript

        |> masked_fill(!causal[n m], -inf)
#          ^^^^^^^^^^^ entity.name.function.call.shapescript
#                       ^^^^^^ keyword.other.shapescript
#                              ^ meta.brackets.shapescript entity.name.type.parameter.axis.shapescript
#                                     ^^^ constant.language.infinity.shapescript
        |> softmax(over=m)
#                  ^^^^ variable.parameter.shapescript - keyword
#                       ^ variable.other.shapescript

    return einsum(att, v: b H n m, b H m Dh -> b H n Dh)
#   ^^^^^^ keyword.control.flow.shapescript
#          ^^^^^^ entity.name.function.call.shapescript
