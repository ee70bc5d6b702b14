# A model and a function of it that served_reads.ss's forward calls: the
# function reads the embedding table, which a serving engine runs.
dim V = 32
dim D = 16

model Lm:
    embed: [V D] = normal(0.02)
    out: [V D] = normal(0.02)

fn scaled(m: Lm, x: [b n D]) -> [b n D]:
    return x * mean(m.embed)
