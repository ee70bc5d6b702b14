; Syntax highlighting for ShapeScript, with nvim-treesitter capture names.
;
; Ordering: where several patterns capture the same node, the LAST one wins,
; in Neovim and in tree-sitter 0.25's highlighter (`tree-sitter highlight`,
; `tree-sitter test`) alike. So the generic patterns come first and the
; specific ones after them.
;
; Axis names (`b n D` in `[b n D]`, the names in patterns, `causal[n m]`,
; `x[D: 0..64]`, `over V`, `over=m`) are @type.parameter: they are the size
; parameters of tensor types. Themes that don't know the capture fall back to
; @type.

; ------------------------------------------------------------------ fallback

(identifier) @variable

; ------------------------------------------------------------------ literals

(comment) @comment

(integer) @number

(float) @number.float

(string) @string

[
  (true)
  (false)
] @boolean

(inf) @constant.builtin

; ------------------------------------------------------------------ keywords

"fn" @keyword.function

"return" @keyword.return

[
  "if"
  "elif"
  "else"
] @keyword.conditional

[
  "for"
  "in"
] @keyword.repeat

[
  "and"
  "or"
  "not"
] @keyword.operator

[
  "import"
  "python"
  "from"
] @keyword.import

(import_declaration
  "as" @keyword.import)

(module_import
  "as" @keyword.import)

(imported_name
  "as" @keyword.import)

(as_expression
  "as" @keyword.operator)

[
  "model"
  "data"
] @keyword.type

[
  "export"
  "extern"
  "mut"
] @keyword.modifier

[
  "dim"
  "devices"
  "over"
] @keyword

; ------------------------------------------------------------------ operators

[
  "**"
  "*"
  "/"
  "//"
  "%"
  "@"
  "+"
  "-"
  "&"
  "|"
  "!"
  "=="
  "!="
  "<"
  "<="
  ">"
  ">="
  ".."
  "|>"
  "->"
  "?"
  "="
  "+="
  "-="
  "*="
  "/="
] @operator

[
  "("
  ")"
  "["
  "]"
] @punctuation.bracket

[
  ","
  "."
  ":"
] @punctuation.delimiter

; ------------------------------------------------------------------ calls

(attribute
  attribute: (identifier) @property)

(call
  function: (identifier) @function.call)

(call
  function: (attribute
    attribute: (identifier) @function.method.call))

; `x |> gelu`, `x |> torch.tanh`: the right side of a pipe is called.
(pipe_expression
  right: (identifier) @function.call)

(pipe_expression
  right: (attribute
    attribute: (identifier) @function.method.call))

(keyword_argument
  name: (identifier) @variable.parameter)

; The built-ins of the design sketch (section 4) and of the training API
; (section 6), where they are called or piped into.
(call
  function: (identifier) @function.builtin
  (#any-of? @function.builtin
    "embedding" "linear" "rms_norm" "layer_norm" "scaled_dot_product_attention"
    "cross_entropy" "softmax" "gelu" "silu" "dropout" "where" "masked_fill" "scale"
    "sqrt" "exp" "log" "sort" "argsort" "topk" "argmax" "argmin" "gather" "scatter"
    "cat" "sum" "mean" "max" "logsumexp" "matmul" "value_and_grad" "update" "sgd"
    "adamw" "cosine" "warmup" "clip_norm" "save" "load" "print" "shuffle" "batches"
    "Train" "normal" "zeros" "ones"))

(pipe_expression
  right: (identifier) @function.builtin
  (#any-of? @function.builtin
    "embedding" "linear" "rms_norm" "layer_norm" "scaled_dot_product_attention"
    "cross_entropy" "softmax" "gelu" "silu" "dropout" "where" "masked_fill" "scale"
    "sqrt" "exp" "log" "sort" "argsort" "topk" "argmax" "argmin" "gather" "scatter"
    "cat" "sum" "mean" "max" "logsumexp" "matmul" "value_and_grad" "update" "sgd"
    "adamw" "cosine" "warmup" "clip_norm" "save" "load" "print" "shuffle" "batches"
    "Train" "normal" "zeros" "ones"))

; A bare initialiser: `b1: [H] = zeros`.
(field_declaration
  initializer: (identifier) @function.builtin
  (#any-of? @function.builtin "zeros" "ones" "normal" "uniform"))

(pattern_call
  function: (pattern_function) @function.builtin)

(shape_call
  function: (shape_function) @function.builtin)

(causal_mask
  "causal" @function.builtin)

((identifier) @constant.builtin
  (#eq? @constant.builtin "Eval"))

; ------------------------------------------------------------------ types

(named_type
  name: (identifier) @type)

(named_type
  name: (identifier) @type.builtin
  (#any-of? @type.builtin
    "f32" "f16" "bf16" "f64" "i32" "i64" "Mask" "Index" "Logit" "Prob" "LogProb" "int"
    "float" "bool" "str" "Mode" "Dataset" "Batch" "Optimizer"))

(named_type
  over: (identifier) @type.parameter)

(_axis/identifier) @type.parameter

(size_binary
  left: (identifier) @type.parameter)

(size_binary
  right: (identifier) @type.parameter)

(scaled_axis) @type.parameter

(unknown_axis
  name: (identifier) @type.parameter)

(variadic_axis
  name: (identifier) @type.parameter)

(named_index
  axis: (identifier) @type.parameter)

; `softmax(over=m)`: the value names an axis.
; (The name is captured as @variable.parameter, not a private @_name: the
; tree-sitter CLI would highlight with any capture name.)
(keyword_argument
  name: (identifier) @variable.parameter
  value: (identifier) @type.parameter
  (#eq? @variable.parameter "over"))

; ------------------------------------------------------------------ items

(dim_declaration
  name: (identifier) @constant)

(device
  kind: (identifier) @constant.builtin)

(import_declaration
  alias: (identifier) @module)

(import_declaration
  module: (dotted_name
    (identifier) @module))

; `import layers`, `from nn.attention import heads`: .ss modules.
(module_import
  alias: (identifier) @module)

(module_import
  module: (dotted_name
    (identifier) @module))

(from_import
  module: (dotted_name
    (identifier) @module))

; `layers.D` in a type: the module, then the name.
(qualified_name
  (identifier) @module
  .
  (identifier))

; `torch.nn.functional.gelu`: the last part is the function, the rest modules.
(extern_function
  target: (dotted_name
    (identifier) @module))

(extern_function
  target: (dotted_name
    (identifier) @function
    .))

(function_definition
  name: (identifier) @function)

(extern_function
  name: (identifier) @function)

(parameter
  name: (identifier) @variable.parameter)

(model_definition
  name: (identifier) @type)

(data_definition
  name: (identifier) @type)

(field_declaration
  name: (identifier) @property)
