# Highlighting of functions, statements and expressions.
# With locals.scm, tree-sitter's highlighter gives a reference the capture of
# its definition: an axis that is a dim (V here) is @constant, a generic axis
# @type.parameter, a parameter @variable.parameter wherever it is used.
dim V = 10

export fn forward(mut m: Mlp, ids: [b n] Index[V], lr: float = 1e-5, name: str = "x", on: bool = true) -> [b n V] Logit over V:
# <- keyword.modifier
#      ^ keyword.function
#         ^ function
#                 ^ keyword.modifier
#                     ^ variable.parameter
#                        ^ type
#                                   ^ type.parameter
#                                        ^ type.builtin
#                                                      ^ type.builtin
#                                                              ^ number.float
#                                                                                ^ string
#                                                                                                ^ boolean
#                                                                                                                 ^ type.builtin
#                                                                                                                       ^ keyword
#                                                                                                                            ^ constant
    x = embedding(ids, m.embed)
    # <- variable
    #   ^ function.builtin
    #             ^ variable.parameter
    #                  ^ variable.parameter
    #                   ^ punctuation.delimiter
    #                    ^ property
    for l in 0..V:
    # <- keyword.repeat
    #   ^ variable
    #     ^ keyword.repeat
    #         ^ operator
    #           ^ constant
        x = block(m, x, l)
        #   ^ function.call
    if not on and lr > 0.0:
    # <- keyword.conditional
    #  ^ keyword.operator
    #         ^ keyword.operator
    #                ^ operator
        return x
        # <- keyword.return
    elif lr == inf or false:
    # <- keyword.conditional
    #       ^ operator
    #          ^ constant.builtin
    #              ^ keyword.operator
    #                 ^ boolean
        x += -inf
        # ^ operator
        #    ^ operator
    else:
    # <- keyword.conditional
        x = x ** 2 // 3 % 4 @ w
        #     ^ operator
        #          ^ operator
        #               ^ operator
        #                   ^ operator
    y = !causal[n n] & mask | x[D: 0..64] != x[n: i]
    #   ^ operator
    #    ^ function.builtin
    #           ^ type.parameter
    #                ^ operator
    #                       ^ operator
    #                           ^ type.parameter
    #                                     ^ operator
    #                                          ^ type.parameter
    z = x |> rms_norm(over=D, weight=m.norm, eps=1e-5) |> my_norm |> torch.tanh
    #     ^ operator
    #        ^ function.builtin
    #                 ^ variable.parameter
    #                      ^ type.parameter
    #                         ^ variable.parameter
    #                                                     ^ function.call
    #                                                                      ^ function.method.call
    mode = Train(seed=0)
    #      ^ function.builtin
    #            ^ variable.parameter
    e = Eval
    #   ^ constant.builtin
    s = Mlp.init(seed=0) as Mlp
    #       ^ function.method.call
    #                    ^ keyword.operator
    rows = nonempty_rows(x[0]) as [196 D]
    #      ^ function.call
    #                              ^ number
    return x |> softmax(over=n) |> linear(m.output)
    #           ^ function.builtin
    #                        ^ type.parameter
    #                              ^ function.builtin
    #                                       ^ property
