# Position ids of left-padded sequences, as Hugging Face computes them:
# the running count of real tokens, minus one, through torch.cumsum.
import python torch

dim P = 2048
dim D = 128

extern fn cumsum(x: [..s], dim: int) -> [..s] = torch.cumsum

model Positional:
    table: [P D] = normal(0.02)

fn position_ids(keep: [b n] Mask) -> [b n] i64:
    counts = cumsum(keep as [b n] f32, 1) - 1.0
    return where(keep, counts, 0.0 * counts) as [b n] i64

fn embed_positions(p: Positional, keep: [b n] Mask) -> [b n D]:
    ids = position_ids(keep) as [b n] Index[P]
    return embedding(ids, p.table)
