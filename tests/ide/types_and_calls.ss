# Go to type definition and call hierarchy (server/ide/type_definition,
# call_hierarchy). The marker format is in tests/README.md.

dim P = 4
dim C = 3

model Mlp:
#     ^@Mlp
    w: [P C] = normal(0.05)
#   ^ typedef none

data Digit:
#    ^@Digit
    image: [P]
    label: Index[C]

fn block(m: Mlp, x: [b P]) -> [b C]:
#  ^ incoming forward*2 loss twice
#  ^ outgoing none
#        ^ typedef @Mlp
#           ^ typedef @Mlp
#               ^ typedef none
    return x @ m.w
#              ^ typedef @Mlp

fn forward(m: Mlp, batch: Batch[Digit]) -> [] f32:
#  ^ outgoing block*2
#  ^ incoming none
#                  ^ typedef @Digit
#                               ^ typedef @Digit
    h = block(m, batch.image)
#   ^ typedef none
#       ^ incoming forward*2 loss twice
#                ^ typedef @Digit
    return mean(block(m, batch.image) + h)

fn twice(m: Mlp, x: [b P]) -> [b C]:
#  ^ outgoing block
    return block(m, x)

fn make() -> Mlp:
#  ^ incoming none
    n = Mlp.init(seed=0)
#   ^ typedef @Mlp
    return n
#          ^ typedef @Mlp
fn loss(m: Mlp, x: [b P]) -> [] f32:
#  ^ incoming step
    return mean(block(m, x))

fn step(mut m: Mlp, x: [b P]) -> [] f32:
#  ^ outgoing loss
#  ^ clean
    l, grads = value_and_grad(loss, m, x)
#                             ^ incoming step
    return l
#--- a number is no function
dim Q = 2
#   ^ incoming no-function
