# H3101: a step (it changes a model or optimizer through `mut` and does
# device work itself) is recorded as a CUDA graph unless it, or a function
# it reaches, does something a graph can't replay (docs/recording.md).
import python numpy as np

dim F = 4
dim C = 3

data Ex:
    x: [F]
    y: Index[C]

model Lin:
    w: [F C] = normal(0.02)

extern fn erf(x: [..s]) -> [..s] = torch.erf
extern fn cdf(x: [..s]) -> [..s] = scipy.special.ndtr

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
    return cross_entropy(batch.x @ m.w, batch.y)

# Recorded: device work alone, a torch extern fn, an `if` on a bool, and a
# selection kept padded.
fn positive_mean(x: [n F]) -> [] f32:
    return mean(x[sum(x, over=F) > 0.0])

fn recorded(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex], clip: bool = false) -> [] f32:
    l, g = value_and_grad(loss, m, batch)
    if clip:
        g = clip_norm(g, 1.0)
    update(m, opt, g)
    return l + mean(erf(batch.x)) + positive_mean(batch.x)

# A `print` two calls below the step names the path to it.
fn shout(x: [] f32):
    print(x)

fn relay(x: [] f32):
    shout(x)

fn printing(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:  # hint H3101 "it prints in `shout` (reached through `relay`)"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    relay(l)
    return l

fn logging(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):  # hint H3101 "it writes to a log sink"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    log(loss=l)

fn saving(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):  # hint H3101 "it saves a file"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    save("lin.safetensors", m, opt)

fn loading(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):  # hint H3101 "it loads a file"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    m.w = (load("lin.safetensors") as Lin).w

fn epoch(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex]):  # hint H3101 "it loops over a dataset"
    for batch in data |> batches(8):
        l, g = value_and_grad(loss, m, batch)
        update(m, opt, g)

fn noisy(x: [b F]) -> [b F]:
    return x + (np.random.randn(4) as [F])

fn pythonic(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):  # hint H3101 "it uses Python (`np.random.randn`) in `noisy`"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    m.w = m.w + mean(noisy(batch.x))

fn scipy_step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):  # hint H3101 "it calls `cdf`, an extern fn for the Python function `scipy.special.ndtr` in `smooth`"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    m.w = m.w + mean(smooth(batch.x))

fn smooth(x: [b F]) -> [b F]:
    return cdf(x)

fn waiting(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):  # hint H3101 "it waits for the device: `if l > 1.0` reads a tensor on the host"
    l, g = value_and_grad(loss, m, batch)
    if l > 1.0:
        update(m, opt, g)

fn flat_positive(x: [n F]) -> [?m]:
    return x[sum(x, over=F) > 0.0] |> rearrange(k F -> (k F))

fn data_sized(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]):  # hint H3101 "it makes a size that depends on the data (`?m`), not kept padded"
    l, g = value_and_grad(loss, m, batch)
    update(m, opt, g)
    m.w = m.w + mean(flat_positive(batch.x))

# Not a step: it does no device work itself, so nothing is said of it
# (the extern fn `erf` keeps its last batch from being padded).
fn run(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex]):
    for batch in data |> batches(8):  # hint H2001 "the extern fn `erf` in `recorded`"
        print(recorded(m, opt, batch))
