# Semantic tokens (server/ide/semantic_tokens): each marker names the token
# that starts at its position, `TYPE+MODIFIERS LENGTH`, or none.

dim D = 64
#< token keyword 3
#   ^ token dim+declaration+readonly 1
#     ^ token operator 1
#       ^ token number 2
fn f(x: [b D]) -> [b D]:
#< token keyword 2
#  ^ token function+declaration 1
#   ^ token none
#    ^ token parameter+declaration 1
#     ^ token none
#        ^ token typeParameter+declaration 1
#          ^ token dim+readonly 1
#              ^ token operator 2
#                  ^ token typeParameter 1
#                    ^ token dim+readonly 1
    return x
#   ^ token keyword 6
#          ^ token parameter 1
#--- A keyword that error recovery made an identifier is still a keyword.
fn g(x: [n]) -> [n]:
    y = x +
    return y
#   ^ token keyword 6
#--- Where no keyword fits, a keyword's word may be a name.
fn g(data: [n]) -> [n]:
#    ^ token parameter+declaration 4
    return data
#          ^ token parameter 4
#--- Models, fields, Python names, locals and built-ins.
import python numpy as np
#< token keyword 6
#      ^ token keyword 6
#             ^ token namespace 5
#                      ^ token namespace+declaration 2
extern fn tanh2(x: [..s]) -> [..s] = torch.nn.functional.tanh
#         ^ token function+declaration 5
#                     ^ token typeParameter 1
#                                    ^ token namespace 5
#                                          ^ token namespace 2
#                                             ^ token namespace 10
#                                                        ^ token function 4
dim H = 4
# a model
#< token comment 9
model Mlp:
#< token keyword 5
#     ^ token type+declaration 3
    w: [H H] = normal(0.02)
#   ^ token property+declaration 1
#              ^ token function+defaultLibrary 6
#                     ^ token number 4
data Pair:
#    ^ token type+declaration 4
    a: [H] Index[H]
#          ^ token type+defaultLibrary 5
fn g(m: Mlp, x: [b H]) -> [b H]:
#       ^ token type 3
    h = x @ m.w |> gelu
#   ^ token variable+declaration 1
#       ^ token parameter 1
#         ^ token operator 1
#           ^ token parameter 1
#             ^ token property 1
#               ^ token operator 2
#                  ^ token function+defaultLibrary 4
    for i in 0..4:
#       ^ token variable+declaration 1
#             ^ token operator 2
        h = h + 1.5
#           ^ token variable 1
    print("done")
#   ^ token function+defaultLibrary 5
#         ^ token string 6
    return h |> softmax(over=H)
#                       ^ token parameter 4
#                            ^ token dim+readonly 1
fn p(x: [16gh]) -> [gh 16]:
#        ^ token number 2
#          ^ token typeParameter+declaration 2
    return rearrange(x, (gh g2) -> gh g2, g2=16)
#          ^ token function+defaultLibrary 9
#                                         ^ token typeParameter 2
#--- A constructor's name is a built-in function, its type's axes axes.
fn made(x: [n D], mode: Mode) -> [n D]:
    return x + randn([n D], mode) + zeros([n 2])
#              ^ token function+defaultLibrary 5
#                     ^ token typeParameter 1
#                       ^ token typeParameter 1
#                                   ^ token function+defaultLibrary 5
#                                            ^ token number 1
#--- `enumerate` in a loop's header counts its passes: a built-in's word.
fn h(x: [n]) -> [n]:
    for k, i in enumerate(0..n):
#       ^ token variable+declaration 1
#          ^ token variable+declaration 1
#               ^ token function 9
        print(k)
    return x
