# H2001: a loop's last batch is padded unless something its batch axis
# reaches works across that axis without a masked version (docs/padding.md).
# Each function here does so along `b`, which the loop's batch axis binds.
import python torch

dim F = 4
dim C = 3

data Ex:
    x: [F]
    y: Index[C]

fn sorted(x: [b F]) -> [b F]:
    return sort(x, over=b)

fn ranks(x: [b F]) -> [b F] Index[b]:
    return argsort(x, over=b)

fn best(x: [b F]) -> [F] Index[b]:
    return argmax(x, over=b)

fn worst(x: [b F]) -> [F] Index[b]:
    return argmin(x, over=b)

fn top(x: [b F]) -> [2 F]:
    values, idx = topk(x, 2, over=b)
    return values

fn twice(x: [b F]) -> [2*b F]:
    return cat(x, x, over=b)

fn first(x: [b F]) -> [F]:
    return x[0]

fn head(x: [b F]) -> [2 F]:
    return x[b: 0..2]

fn pooled(x: [b F]) -> [F F]:
    return x |> rearrange(b f -> f b) @ x

fn attend(q: [n F], kv: [b F]) -> [n F]:
    return scaled_dot_product_attention(q, kv, kv)

extern fn erf(x: [..s]) -> [..s] = torch.erf

fn grouped(x: [b F]) -> [4*b]:
    return x |> rearrange(b f -> (b f))

fn fixed(x: [b F]) -> [8 F]:
    return x as [8 F]

fn counted(x: [b F]) -> [b F]:
    return x |> scale(1.0 / b)

# A group takes the axis where the callee can't name it: only a function
# that does elementwise maths alone lets it through (last_batch_ok.ss).
fn total(x: [..s]) -> [] f32:
    return sum(x)

fn features_sorted(x: [..s F]) -> [..s F]:
    return sort(x, over=F)

fn projected(x: [..s F], w: [F C]) -> [..s C]:
    return x @ w

# A value of the loop's kept after it, or returned from inside it, would
# reach the caller with the padded size.
fn last_rows(data: Dataset[Ex]) -> [] f32:
    for batch in data |> batches(8):  # hint H2001 "because of `last` read after its loop in this loop"
        last = batch.x
    return mean(last)

fn first_rows(data: Dataset[Ex]):  # error E0606 "`first_rows` returns a value on other paths, but the end of its body gives Python's None"
    for batch in data |> batches(8):  # hint H2001 "because of returning it in this loop"
        return batch.x

model Lin:
    w: [F C] = normal(0.1)

# Through a Batch parameter and value_and_grad: the call path is named.
fn sorted_loss(m: Lin, batch: Batch[Ex]) -> [] f32:
    return mean(sort(batch.x, over=b) @ m.w)

fn sorted_step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:
    l, grads = value_and_grad(sorted_loss, m, batch)
    update(m, opt, grads)
    return l

fn main(data: Dataset[Ex]):
    m = Lin.init(seed=0)
    opt = adamw(m, lr=1e-3)
    for batch in data |> batches(8):  # hint H2001 "`sort` in `sorted_loss` (reached through `sorted_step`)"
        log(loss=sorted_step(m, opt, batch))
    for batch in data |> batches(8):  # hint H2001 "because of `sort` in `sorted`"
        print(sum(sorted(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`argsort` in `ranks`"
        print(sum(ranks(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`argmax` in `best`"
        print(sum(best(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`argmin` in `worst`"
        print(sum(worst(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`topk` in `top`"
        print(sum(top(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`cat` in `twice`"
        print(sum(twice(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "because of indexing in `first`"
        print(sum(first(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "because of slicing in `head`"
        print(sum(head(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`matmul` in `pooled`"
        print(sum(pooled(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`scaled_dot_product_attention` in `attend`"
        print(sum(attend(batch.x, batch.x)))
    for batch in data |> batches(8):  # hint H2001 "because of a selection in this loop"
        print(sum(batch.x[sum(batch.x, over=F) > 0.0]))
    for batch in data |> batches(8):  # hint H2001 "because of `print` in this loop"
        print(batch.x)
    for batch in data |> batches(8):  # hint H2001 "because of the Python function `torch.sort` in this loop"
        print(mean(torch.sort(batch.x) as [b F]))
    for batch in data |> batches(8):  # hint H2001 "because of the extern fn `erf` in this loop"
        print(mean(erf(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "because of `rearrange` in `grouped`"
        print(mean(grouped(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "because of an `as` that gives it another size in `fixed`"
        print(mean(fixed(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "because of `b` used as a number in `counted`"
        print(mean(counted(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "because of `save` in this loop"
        save("rows.safetensors", batch.x)
    for batch in data |> batches(8):  # hint H2001 "because of `total`, which takes it into its group `..s` in this loop"
        print(total(batch.x))
    for batch in data |> batches(8):  # hint H2001 "`features_sorted`, which takes it into its group `..s`"
        print(mean(features_sorted(batch.x)))
    for batch in data |> batches(8):  # hint H2001 "`projected`, which takes it into its group `..s`"
        print(mean(projected(batch.x, m.w)))
    for batch in data |> batches(8):  # hint H2001 "because of `print` in this loop"
        print(batch)
    for batch in data |> batches(8):  # hint H2001 "because of the Python function `torch.save` in this loop"
        torch.save((batch.x, 1), "rows.pt")

