# Knowledge distillation: the student matches the teacher's softened
# distribution and the hard labels, weighted by alpha.
dim D = 512
dim C = 1000

model Student:
    w: [D C] = normal(0.01)
    b: [C]   = zeros

fn student_logits(s: Student, x: [b D]) -> [b C] Logit over C:
    return x @ s.w + s.b

fn soft_targets(teacher: [b C] Logit over C, t: float) -> [b C] Prob over C:
    return softmax(teacher / t, over=C)

fn distill_loss(s: Student, x: [b D], teacher: [b C] Logit over C, y: [b] Index[C], t: float = 4.0, alpha: float = 0.9) -> [] f32:
    z = student_logits(s, x)
    p = soft_targets(teacher, t)
    log_q = log_softmax(z / t, over=C)
    soft = -mean(sum(p * log_q, over=C)) * t * t
    hard = cross_entropy(z, y)
    return alpha * soft + (1.0 - alpha) * hard
