# A loop's last batch stays padded (no H2001) when what its batch axis
# reaches works position by position, works across other axes (the same
# operations as last_batch.ss, along `F`), or has a masked version: the
# reductions, softmax, the norms and cross_entropy's mean over the examples.
dim F = 4
dim C = 3

data Ex:
    x: [F]
    y: Index[C]

model Lin:
    w: [F C] = normal(0.1)
    g: [F] = ones

fn logits(m: Lin, x: [b F], mode: Mode) -> [b C] Logit over C:
    return x |> rms_norm(over=F, weight=m.g, eps=1e-5) |> dropout(0.1, mode) @ m.w

fn loss(m: Lin, batch: Batch[Ex], mode: Mode) -> [] f32:
    return cross_entropy(logits(m, batch.x, mode), batch.y)

fn step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex], mode: Mode) -> [] f32:
    l, grads = value_and_grad(loss, m, batch, mode)
    update(m, opt, grads)
    return l

fn along_features(x: [b F]) -> [b F]:
    top, at = topk(x, 2, over=F)
    return sort(x, over=F) + softmax(x, over=F) + cat(top, top, over=F) + argsort(x, over=F) * 1.0

fn statistics(x: [b F]) -> [F]:
    return sum(x, over=b) + mean(x, over=b) + max(x, over=b) + min(x, over=b) + sum(softmax(x, over=b), over=b)

fn patterns(x: [b F]) -> [b]:
    halves = x |> rearrange(b (h w) -> b h w, h=2)
    return halves |> reduce(b h w -> b, mean)

fn sized(x: [b F]) -> [b F]:
    return x as [b F] |> scale(1.0 / F)

# What a loop keeps after it without its batch axis (a total) is as it
# would be unpadded.
fn totals(data: Dataset[Ex]) -> [] f32:
    total = 0.0
    for batch in data |> batches(8):
        total = total + mean(batch.x)
    return total

# A function of a variadic group that only does elementwise maths (seed
# 000: a parameter without a shape, unless the function only does
# elementwise maths) lets the batch axis through.
fn act(x: [..s]) -> [..s]:
    y = gelu(x) * 0.5 + x
    return where(y > 0.0, y, -y) |> tanh

fn main(data: Dataset[Ex]):
    m = Lin.init(seed=0)
    opt = adamw(m, lr=1e-3)
    mode = Train(seed=0)
    for batch in data |> batches(8):
        log(loss=step(m, opt, batch, mode))
    for batch in data |> batches(8):
        log(accuracy=mean(argmax(logits(m, batch.x, Eval), over=C) == batch.y))
    for batch in data |> batches(8):
        print(mean(along_features(batch.x)))
    for batch in data |> batches(8):
        print(mean(statistics(batch.x)))
    for batch in data |> batches(8):
        print(mean(patterns(batch.x)), mean(sized(batch.x)))
    for batch in data |> batches(8):
        print(mean(act(batch.x)))
