# Completion of the names in scope, keywords and snippets
# (server/ide/completion). `$` marks the cursor.

dim D = 4

# Returns its argument.
fn helper(x: [n D]) -> [n D]:
    return x

fn f(x: [n D], y: [n D]) -> [n D]:
    z = x + y
    $
#   ^ items+ x y z helper f D softmax rearrange return for if
#   ^ items- w
#   ^ no-item fn snippet
#   ^ item z variable detail="[n D]"
#   ^ item x parameter
#   ^ item helper detail="fn helper(x: [n D]) -> [n D]" doc="Returns its argument."
#   ^ item softmax detail="softmax(x: [..s], over: axis) -> [..s]"
#   ^ item n axis
#   ^ order z helper softmax return
    w = z
    return w

fn f2(x: [n D], y: [n D]) -> [n D]:
    z = x + y
    he$
#     ^ items helper
    w = z
    return w

fn f3(x: [n D], y: [n D]) -> [n D]:
    z = x + y
    so$
#     ^ items softmax softplus sort
    w = z
    return w

fn f4(x: [n D], y: [n D]) -> [n D]:
    z = x + y
    q = z |> $
#            ^ items+ helper softmax rearrange
#            ^ items- z D zeros
#            ^ first f
    w = z
    return w
#--- A file's own function shadows a built-in.
fn gelu(x: [n]) -> [n]:
    return x
fn f(x: [n]) -> [n]:
    return gel$
#             ^ items gelu
#             ^ item gelu detail="fn gelu(x: [n]) -> [n]"
#--- After a value, only what may follow it.
fn f(x: [n]) -> [n]:
    return x $
#            ^ items as and or
#---
fn f(x: [n]) -> [n]:
    for i i$
#          ^ items in
#--- The top level: items and snippets.
dim D = 4
$
#< item fn snippet
#< item fn keyword
#< item model snippet placeholders
#< item data snippet
#< no-item D
#---
dim D = 4
mo$
# ^ items model model
#--- Nothing in comments, strings and new names.
fn f(x: [n]) -> [n]:
    # x$
#      ^ items none
    return x
#---
fn f(x: [n]) -> [n]:
    save("a$", x)
#          ^ items none
#---
fn $
#  ^ items none
#---
dim D = 4
fn f(x: [n]) -> [n]:
    for $
#       ^ items none
#---
fn f($
#    ^ items mut
#--- Dims in a dim's value, initialisers in a model.
dim D = 4
dim H = 2
dim Q = $
#       ^ items D H
#---
dim D = 4
model M:
    w: [D] = $
#            ^ items+ normal zeros ones D
