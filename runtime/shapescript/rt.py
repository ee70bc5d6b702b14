"""What generated modules import as `_ss_rt` (docs/generated-code.md is the
contract): every name they call, re-exported from the modules that hold it."""

from .calls import Signature, check_args, check_result, checked_extern, convert_arg
from .checkpoint import Checkpoint, load, load_optimizer, save
from .data import Batch, Batches, Dataset, Example, batch_loop, batches, shuffle
from .devices import program_device
from .errors import ArgumentError, ShapeScriptError
from .models import Initializer, Model, set_field
from .modes import Eval, Mode, Train, draw_seed, step
from .ops import arange, causal, cross_entropy, dropout, layer_norm, masked_fill, mean, print, rms_norm, scale, sum
from .sinks import log
from .specs import (
    AnySpec,
    BatchSpec,
    DatasetSpec,
    DataSpec,
    FieldSpec,
    ModelSpec,
    ModeSpec,
    OptimizerSpec,
    ScalarSpec,
    TensorSpec,
    TupleSpec,
    cast,
    checks_enabled,
    expect,
    to_dtypes,
)
from .tracebacks import source_line
from .training import Grads, Optimizer, adamw, clip_norm, cosine, sgd, update, value_and_grad, warmup

__all__ = [
    "AnySpec",
    "ArgumentError",
    "Batch",
    "BatchSpec",
    "Batches",
    "Checkpoint",
    "DataSpec",
    "Dataset",
    "DatasetSpec",
    "Eval",
    "Example",
    "FieldSpec",
    "Grads",
    "Initializer",
    "Mode",
    "ModeSpec",
    "Model",
    "ModelSpec",
    "Optimizer",
    "OptimizerSpec",
    "ScalarSpec",
    "ShapeScriptError",
    "Signature",
    "TensorSpec",
    "Train",
    "TupleSpec",
    "adamw",
    "arange",
    "batch_loop",
    "batches",
    "cast",
    "causal",
    "check_args",
    "check_result",
    "checked_extern",
    "checks_enabled",
    "convert_arg",
    "clip_norm",
    "cosine",
    "cross_entropy",
    "draw_seed",
    "dropout",
    "expect",
    "layer_norm",
    "load",
    "load_optimizer",
    "log",
    "masked_fill",
    "mean",
    "print",
    "program_device",
    "rms_norm",
    "save",
    "scale",
    "set_field",
    "sgd",
    "shuffle",
    "source_line",
    "step",
    "sum",
    "to_dtypes",
    "update",
    "value_and_grad",
    "warmup",
]
