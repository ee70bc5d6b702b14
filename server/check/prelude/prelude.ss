# The prelude: built-ins whose types ShapeScript can say, declared as extern
# functions into torch or the runtime (shapescript.rt). Shipped inside the
# compiler; a file's own definitions shadow these names.
#
# Rules the prelude relies on (docs/types.md, "The prelude"):
# - `..s` binds to the leading axes of the first argument that has it; a
#   later parameter typed with the same `..s` accepts any tensor that aligns
#   with those axes by name (as elementwise arithmetic does), and a number.
# - A result whose element type isn't written has the element type of the
#   first tensor argument whose parameter doesn't write one either.
# - `over: axis` takes the name of an axis of the first tensor argument.
#
# Built-ins not declared here (reductions, normalisations, indexing ops,
# training) are typed by the rules of ../builtin_rules.cpp; every built-in
# is an entry of ../builtin_table.cpp, which says which.

# Elementwise functions
extern fn gelu(x: [..s], approximate: str = "none") -> [..s] = torch.nn.functional.gelu
extern fn silu(x: [..s]) -> [..s] = torch.nn.functional.silu
extern fn relu(x: [..s]) -> [..s] = torch.relu
extern fn tanh(x: [..s]) -> [..s] = torch.tanh
extern fn sigmoid(x: [..s]) -> [..s] = torch.sigmoid
extern fn exp(x: [..s]) -> [..s] = torch.exp
extern fn sqrt(x: [..s]) -> [..s] = torch.sqrt
extern fn sin(x: [..s]) -> [..s] = torch.sin
extern fn cos(x: [..s]) -> [..s] = torch.cos
extern fn abs(x: [..s]) -> [..s] = torch.abs
extern fn softplus(x: [..s], beta: float = 1.0, threshold: float = 20.0) -> [..s] = torch.nn.functional.softplus
extern fn leaky_relu(x: [..s], negative_slope: float = 0.01) -> [..s] = torch.nn.functional.leaky_relu
extern fn elu(x: [..s], alpha: float = 1.0) -> [..s] = torch.nn.functional.elu
extern fn log1p(x: [..s]) -> [..s] = torch.log1p
extern fn rsqrt(x: [..s]) -> [..s] = torch.rsqrt
extern fn floor(x: [..s]) -> [..s] = torch.floor
extern fn ceil(x: [..s]) -> [..s] = torch.ceil
extern fn round(x: [..s]) -> [..s] = torch.round

# Bounds: clamped between two numbers, or the least and greatest of two values
extern fn clamp(x: [..s], min: float = -inf, max: float = inf) -> [..s] = torch.clamp
extern fn minimum(a: [..s], b: [..s]) -> [..s] = shapescript.rt.minimum
extern fn maximum(a: [..s], b: [..s]) -> [..s] = shapescript.rt.maximum

# The value with no gradient: a stop-gradient (straight-through estimators, baselines)
extern fn detach(x: [..s]) -> [..s] = torch.detach

# Scaling, masking, choosing
extern fn scale(x: [..s], factor: float) -> [..s] = shapescript.rt.scale
extern fn masked_fill(x: [..s], mask: [..s] Mask, value: float) -> [..s] = shapescript.rt.masked_fill
extern fn where(condition: [..s] Mask, a: [..s], b: [..s]) -> [..s] = torch.where

# Along one axis, keeping the shape
extern fn softmax(x: [..s], over: axis) -> [..s] = torch.softmax
extern fn log_softmax(x: [..s], over: axis) -> [..s] = torch.log_softmax
extern fn cumsum(x: [..s], over: axis) -> [..s] = torch.cumsum
extern fn cumprod(x: [..s], over: axis) -> [..s] = torch.cumprod

# Tables
extern fn embedding(ids: [..s] Index[V], table: [V D]) -> [..s D] = torch.nn.functional.embedding

# Losses: the mean over the examples
extern fn cross_entropy(z: [..s C] Logit over C, y: [..s] Index[C], ignore_index: int = -100, label_smoothing: float = 0.0) -> [] f32 = shapescript.rt.cross_entropy

# Tensors like another: its shape, element type and device
extern fn zeros_like(x: [..s]) -> [..s] = torch.zeros_like
extern fn ones_like(x: [..s]) -> [..s] = torch.ones_like
extern fn full_like(x: [..s], value: float) -> [..s] = torch.full_like

# Random draws (identity in Eval)
extern fn dropout(x: [..s], p: float, mode: Mode) -> [..s] = shapescript.rt.dropout

# Random draws (their distribution's centre in Eval)
extern fn rand_like(x: [..s], mode: Mode) -> [..s] = shapescript.rt.rand_like
extern fn randn_like(x: [..s], mode: Mode) -> [..s] = shapescript.rt.randn_like
extern fn sample(z: [..s C] Logit over C, mode: Mode) -> [..s] Index[C] = shapescript.rt.sample
