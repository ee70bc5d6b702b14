# Highlighting of patterns and of axes in types.
fn attention(x: [b n D], w: [D 3*D], g: [16gh (h w) ?k n+1]) -> [b n D]:
#            ^ variable.parameter
#                                        ^ type.parameter
#                                              ^ type.parameter
#                                                   ^ operator
#                                                    ^ type.parameter
#                                                       ^ operator
    q, k, v = x @ w |> split(b n (3 H Dh) -> b H n Dh)
    # <- variable
    #                  ^ function.builtin
    #                        ^ type.parameter
    #                             ^ number
    #                               ^ type.parameter
    #                                     ^ operator
    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)
    #     ^ function.builtin
    #            ^ variable
    #                ^ punctuation.delimiter
    #                                ^ type.parameter
    y = att |> reduce(b H n m -> b n, mean) |> rearrange(b n -> n b) |> repeat(n b -> n b r, r=2)
    #          ^ function.builtin
    #                                 ^ variable
    #                                          ^ function.builtin
    #                                                                   ^ function.builtin
    #                                                                                        ^ variable.parameter
