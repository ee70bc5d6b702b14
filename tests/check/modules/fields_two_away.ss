# A field whose model is two imports away has its type here: the dims and
# records of the modules an import imports are known through it, and a
# module imported here too (after) is the same module: its dims the same.
import stack
import layers

fn up(m: stack.Stack) -> [64 16]:
    return m.first.w1

fn wrong(m: stack.Stack) -> [16 64]:
    return m.first.w1  # error E0601 "(= [64 16])"

fn both(m: stack.Stack, x: [b n layers.D]) -> [b n layers.D]:
    return stack.run(m, x) + layers.block(m.first, x)
