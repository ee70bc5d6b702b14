# The axes a pattern introduces: definition, references, highlights and
# rename within the function that holds them (docs/lsp.md, "Pattern
# axes"). The marker format is in tests/README.md.

dim D = 8
dim H = 2
dim Dh = D / H

fn scores(q: [b H n Dh], k: [b H n Dh]) -> [b H n n]:
    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)
#                                    ^@m1 def @m1
#                                    ^ refs @m1 @m2 @m3
#                                    ^ writes @m1
#                                    ^ rename keys ok has="b H keys Dh -> b H n keys" has="over=keys"
#                                    ^ rename n refused~"already"
#                                    ^ rename D refused~"already"
#                                    ^ rename fn refused~"keyword"
#                                    ^ rename 1m refused~"not a name"
#                                                  ^@m2 def @m1
        |> softmax(over=m)
#                       ^@m3 def @m1
#                       ^ uses @m2 @m3
    return att

fn heads(x: [b n D]) -> [b n H Dh]:
    return x |> rearrange(b n (h p) -> b n h p, h=H)
#                              ^@h1 refs @h1 @h2 @h3
#                                ^@p1 def @p1
#                                ^ refs @p1 @p2
#                                ^ rename q ok has="(h q) -> b n h q"
#                                ^ rename h refused~"already an axis"
#                                            ^@p2 def @p1
#                                               ^@h3
#                                          ^@h2

fn other(x: [b n D]) -> [b n H Dh]:
    return x |> rearrange(b n (h p) -> b n h p, h=H)
#                                ^ refs 2
#                                ^ rename m ok
