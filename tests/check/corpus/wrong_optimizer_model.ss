# A step that updates the student with the teacher's optimizer.
dim D = 16

model Student:
    w: [D D] = zeros

model Teacher:
    w: [D D] = zeros

fn loss(s: Student, x: [b D]) -> [] f32:
    return mean(x @ s.w)

fn step(mut s: Student, mut opt: Optimizer[Teacher], x: [b D]):
    l, g = value_and_grad(loss, s, x)
    update(s, opt, g)  # error E0505 col=15 "found Optimizer[Teacher]"
