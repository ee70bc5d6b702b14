# Highlighting of items: imports, devices, dims, extern fns, models, data.
import python numpy as np
# <- keyword.import
#      ^ keyword.import
#             ^ module
#                   ^ keyword.import
#                      ^ module
import python shapescript.datasets
#             ^ module
#                         ^ module

devices cuda:0, cuda:1
# <- keyword
#       ^ constant.builtin
#           ^ punctuation.delimiter
#            ^ number
#             ^ punctuation.delimiter
devices cpu*3
#       ^ constant.builtin
#          ^ operator

dim D = 768  # width
# <- keyword
#   ^ constant
#     ^ operator
#       ^ number
#            ^ comment
dim Dh = D / 12
#        ^ constant
#          ^ operator

extern fn tanh(x: [..s]) -> [..s] = torch.tanh
# <- keyword.modifier
#      ^ keyword.function
#         ^ function
#             ^ punctuation.bracket
#              ^ variable.parameter
#                 ^ punctuation.bracket
#                  ^ operator
#                    ^ type.parameter
#                        ^ operator
#                                   ^ module
#                                         ^ function

model Mlp:
# <- keyword.type
#     ^ type
    w1: [D 3*D] = normal(0.02)
    # <- property
    #    ^ constant
    #      ^ number
    #       ^ operator
    #             ^ function.builtin
    #                    ^ number.float
    b1: [D] = zeros
    #         ^ function.builtin
    sub: Block
    #    ^ type

data Digit:
# <- keyword.type
#    ^ type
    image: [8 8]
    #       ^ number
    label: Index[10]
    #      ^ type.builtin
    #            ^ number
    mask: [n] Mask
    #      ^ type.parameter
    #         ^ type.builtin
