# Names on one program: definition, references, highlights, rename, hover
# and inlay hints (server/ide/navigation, hover, inlay_hints). The marker
# format is in tests/README.md.

dim D = 64
#   ^@D hover "dim D = 64"
#   ^ refs @D @D1 @D2 @D3 @D4 @D5 @D6
#   ^ rename Width ok has="[b n Width]"
#   ^ rename H refused~"already"
#   ^ rename b refused~"already"
#   ^ clean
dim H = 4
#< hover none
model Block:
    w: [D D] = normal(0.02)
#   ^@w
#       ^@D1 def @D
#         ^@D2
fn project(m: Block, x: [b n D]) -> [b n D]:
#  ^@project
#                    ^@x
#                        ^@b
#                        ^ rename batch ok has="x: [batch n D]) -> [batch n D]"
#                            ^@D3
#                                    ^ def @b
#                                        ^@D4
    h = x @ m.w
#   ^@h1 refs @h1 @h2 @h3 @h4
#   ^ uses @h2 @h3 @h4
#   ^ rename hidden ok lacks=" h "
#   ^ rename x refused~"already"
#   ^ rename return refused~"keyword"
#   ^ rename softmax refused~"built-in"
#   ^ rename 2x refused~"not a name"
#   ^ rename y ok
#    ^ inlay ": [b n D]"
#       ^ hover "x: [b n D]"
#       ^ hover "`[b n 64]`"
#        ^ def @x
#             ^ def @w
#             ^ hover "Block.w: [D D]"
#             ^ rename weight ok has="weight: [D D]"
    h = h |> gelu
#   ^@h2
#    ^ inlay ": [b n D]"
#       ^@h3
#            ^ hover "gelu("
#            ^ hover "gives `[b n D]` here"
#             ^ def prelude
#                ^ inlay "[b n D]"
    return h + x
#   ^ def none
#   ^ prepare-rename none
#     ^ rename y refused~"no name"
#          ^@h4 def @h1
#          ^ writes @h1 @h2
fn twice(m: Block, y: [b n D]) -> [b n D]:
#        ^@tm1
#                          ^@D5
#                                      ^@D6
    return project(m, project(m, y))
#                  ^@tm2
#                     ^ hover "fn project(m: Block, x: [b n D]) -> [b n D]"
#                     ^ rename proj ok lacks="project"
#                       ^ def @project
#                             ^@tm3 refs @tm1 @tm2 @tm3
#--- non-ASCII names rename to non-ASCII names (docs/syntax.md, "Identifiers")
fn f(éa: [n]) -> [n]:
#    ^ rename àb ok has="àb: [n]" has="return àb"
#    ^ rename état ok
#    ^ rename 2é refused~"not a name"
#    ^ rename a-b refused~"not a name"
    return éa
#          ^ rename _ß ok has="return _ß"
#--- A constructor's hover is its built-in's doc.
fn made(x: [n D], mode: Mode) -> [n D]:
    return x + randn([n D], mode) + full([n D], 0.5)
#              ^ hover "standard normal distribution"
#                                   ^ hover "every value `value`"
