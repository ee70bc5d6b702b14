# What served.ss's forward function calls: one function that only works
# position by position, one that works across the sequence axis.
dim D = 16

fn scaled(x: [b n D]) -> [b n D]:
    return x * 2.0

fn pooled(x: [b n D]) -> [b n D]:
    return x - mean(x, over=n)
