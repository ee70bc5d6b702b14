# SimCLR's NT-Xent loss over two augmented views: similarities of every
# embedding with every other, the diagonal hidden, the partner the target.
dim E = 128

fn unit_rows(z: [n E]) -> [n E]:
    return z / sqrt(sum(z * z, over=E) + 1e-8)

fn nt_xent(z1: [b E], z2: [b E], tau: float = 0.5) -> [] f32:
    z = cat(z1, z2, over=b) |> unit_rows as [n E]
    sim = einsum(z, z: n e, m e -> n m) / tau
    # an embedding is not its own positive: hide the diagonal
    idx = arange(0, n)
    diagonal = repeat(idx: n -> n m, m=n) == repeat(idx: m -> n m, n=n)
    logits = sim |> masked_fill(diagonal, -inf)
    # the positive of view 1's row r is view 2's row r, and back
    targets = (idx + b) % n as [n] Index[n]
    return cross_entropy(logits, targets)
