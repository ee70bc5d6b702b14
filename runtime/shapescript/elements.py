"""Element codes of generated code (`f32`, `index`, ...) and their torch
dtypes: one table for the specs that check tensors and the models that make
parameters."""

import torch

DTYPES = {
    "f32": torch.float32,
    "f16": torch.float16,
    "bf16": torch.bfloat16,
    "f64": torch.float64,
    "i32": torch.int32,
    "i64": torch.int64,
    "bool": torch.bool,
    "index": torch.int64,
}
FLOAT = frozenset(("f32", "f16", "bf16", "f64"))
INTEGER = frozenset(("i32", "i64", "index"))
